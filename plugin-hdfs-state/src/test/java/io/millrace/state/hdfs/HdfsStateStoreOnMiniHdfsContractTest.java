package io.millrace.state.hdfs;

import io.millrace.storage.hadoop.MiniHdfs;
import io.millrace.tck.state.StateStoreContractSuite;
import io.millrace.tck.state.StateStoreKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The TCK's state store rules with every checkpoint on a real, in-process HDFS through
 * {@code hdfs://localhost:<port>/}: the provider's files go through the Hadoop storage, whose
 * commits rename without overwrite. One cluster serves the whole class.
 */
class HdfsStateStoreOnMiniHdfsContractTest extends StateStoreContractSuite {
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
    String prefix = hdfs.hdfsUri();
    return new HdfsStateKit(MiniHdfs.OPTIONS, () -> MiniHdfs.freshRoot(prefix));
  }
}
