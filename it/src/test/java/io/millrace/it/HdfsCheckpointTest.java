package io.millrace.it;

import io.millrace.storage.hadoop.MiniHdfs;
import java.net.URI;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The stateful query's whole checkpoint on an in-process HDFS, {@code hdfs://localhost:<port>/}; one cluster per class. */
class HdfsCheckpointTest extends StatefulQueryCheckpointTests {
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
  protected URI freshCheckpoint() {
    return URI.create(hdfs.hdfsUri() + "/it/" + UUID.randomUUID() + "/");
  }

  @Override
  protected Map<String, String> storeSettings() {
    return MiniHdfs.OPTIONS;
  }
}
