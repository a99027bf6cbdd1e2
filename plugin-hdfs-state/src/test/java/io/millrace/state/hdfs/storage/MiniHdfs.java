package io.millrace.state.hdfs.storage;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.net.NetUtils;

/** An in-process HDFS (one NameNode, one DataNode) under {@code target/}, for one test class. */
final class MiniHdfs implements AutoCloseable {
  /** Options for the storage under test: one DataNode holds one replica. */
  static final Map<String, String> OPTIONS = Map.of("millrace.hadoop.dfs.replication", "1");

  private final MiniDFSCluster cluster;

  private MiniHdfs(MiniDFSCluster cluster) {
    this.cluster = cluster;
  }

  /** Starts a cluster in a fresh directory under {@code target/minidfs}; takes a few seconds. */
  static MiniHdfs start() throws IOException {
    Configuration conf = new Configuration();
    File base = new File("target/minidfs/" + UUID.randomUUID()).getAbsoluteFile();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, base.getPath());
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    cluster.waitActive();
    return new MiniHdfs(cluster);
  }

  /** {@code hdfs://localhost:<port>}, without a trailing slash. */
  String hdfsUri() {
    String uri = cluster.getURI().toString();
    return uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri;
  }

  /** {@code webhdfs://<host>:<http port>}, the NameNode's REST endpoint. */
  String webHdfsUri() {
    return "webhdfs://" + NetUtils.getHostPortString(cluster.getNameNode().getHttpAddress());
  }

  /** A fresh TCK root under {@code prefix} (a URI without trailing slash). */
  static URI freshRoot(String prefix) {
    return URI.create(prefix + "/tck/" + UUID.randomUUID() + "/");
  }

  /** The cluster's own client, to look at what the storage under test leaves behind. */
  org.apache.hadoop.fs.FileSystem fileSystem() throws IOException {
    return cluster.getFileSystem();
  }

  @Override
  public void close() {
    cluster.shutdown(true);
  }
}
