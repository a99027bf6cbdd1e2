package io.millrace.storage.hadoop;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.net.NetUtils;

/** An in-process HDFS (one NameNode, one DataNode) under {@code target/}, for one test class. */
public final class MiniHdfs implements AutoCloseable {
  /**
   * Options for the storage under test: one DataNode holds one replica, and the client polls
   * the NameNode every 10 ms, not 400 ms, while it waits to complete a file (the DataNode's
   * report of the block usually arrives just after the client's first {@code complete} call, so
   * the default made every file close cost about 170 ms here, and the state store's TCK on this
   * cluster 56 s instead of 13 s).
   */
  public static final Map<String, String> OPTIONS = Map.of(
      "millrace.hadoop.dfs.replication", "1",
      "millrace.hadoop.dfs.client.block.write.locateFollowingBlock.initial.delay.ms", "10");

  private final MiniDFSCluster cluster;

  private MiniHdfs(MiniDFSCluster cluster) {
    this.cluster = cluster;
  }

  /** Starts a cluster in a fresh directory under {@code target/minidfs}; takes a few seconds. */
  public static MiniHdfs start() throws IOException {
    Configuration conf = new Configuration();
    File base = new File("target/minidfs/" + UUID.randomUUID()).getAbsoluteFile();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, base.getPath());
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    cluster.waitActive();
    return new MiniHdfs(cluster);
  }

  /** {@code hdfs://localhost:<port>}, without a trailing slash. */
  public String hdfsUri() {
    String uri = cluster.getURI().toString();
    return uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri;
  }

  /** {@code webhdfs://<host>:<http port>}, the NameNode's REST endpoint. */
  public String webHdfsUri() {
    return "webhdfs://" + NetUtils.getHostPortString(cluster.getNameNode().getHttpAddress());
  }

  /** A fresh TCK root under {@code prefix} (a URI without trailing slash). */
  public static URI freshRoot(String prefix) {
    return URI.create(prefix + "/tck/" + UUID.randomUUID() + "/");
  }

  /** The cluster's own client, to look at what the storage under test leaves behind. */
  public org.apache.hadoop.fs.FileSystem fileSystem() throws IOException {
    return cluster.getFileSystem();
  }

  @Override
  public void close() {
    cluster.shutdown(true);
  }
}
