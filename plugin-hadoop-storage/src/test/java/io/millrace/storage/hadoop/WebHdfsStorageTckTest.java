package io.millrace.storage.hadoop;

import io.millrace.tck.storage.StorageContractSuite;
import io.millrace.tck.storage.StorageKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The Hadoop storage passes the storage TCK through {@code webhdfs:}, HDFS's REST gateway,
 * whose rename without overwrite is the same atomic NameNode operation as over {@code hdfs:}.
 */
class WebHdfsStorageTckTest extends StorageContractSuite {
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
  protected StorageKit kit() {
    String prefix = hdfs.webHdfsUri();
    return StorageKit.of(new HadoopStorageProvider(), MiniHdfs.OPTIONS, () -> MiniHdfs.freshRoot(prefix));
  }
}
