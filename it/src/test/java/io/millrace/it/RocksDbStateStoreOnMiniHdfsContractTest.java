package io.millrace.it;

import io.millrace.storage.hadoop.MiniHdfs;
import io.millrace.state.rocksdb.RocksDbStateKit;
import io.millrace.tck.state.StateStoreContractSuite;
import io.millrace.tck.state.StateStoreKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The TCK's state store rules for the {@code rocksdb} provider with every checkpoint
 * on a real, in-process HDFS ({@code hdfs://localhost:<port>/}): changelogs, snapshot manifests
 * and shared SSTs go through plugin-hadoop-storage's storage, whose commits rename without
 * overwrite, and every restore downloads from it. One cluster serves the whole class. (The
 * plugin's own tests run the same rules on {@code file:}; the plugin cannot start an HDFS, as it
 * depends on the SPI alone.)
 */
class RocksDbStateStoreOnMiniHdfsContractTest extends StateStoreContractSuite {
  private static MiniHdfs hdfs;

  @BeforeAll
  static void startHdfs() throws Exception {
    hdfs = MiniHdfs.start();
  }

  @AfterAll
  static void stopHdfs() {
    if (hdfs != null) {
      hdfs.close();
    }
  }

  @Override
  protected StateStoreKit kit() {
    // The plugin's own kit, with MiniHdfs's client options and fresh roots on the cluster.
    return new RocksDbStateKit(MiniHdfs.OPTIONS, () -> MiniHdfs.freshRoot(hdfs.hdfsUri()));
  }
}
