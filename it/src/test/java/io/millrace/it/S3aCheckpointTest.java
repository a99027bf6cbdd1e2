package io.millrace.it;

import io.millrace.storage.hadoop.S3Proxy;
import java.net.URI;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The stateful query's whole checkpoint in a bucket of an in-process S3-compatible server
 * through {@code s3a://}; one server per class. The session's {@code millrace.hadoop.fs.s3a.*}
 * settings point S3A at it.
 */
class S3aCheckpointTest extends StatefulQueryCheckpointTests {
  private static S3Proxy s3;

  @BeforeAll
  static void startS3() throws Exception {
    s3 = S3Proxy.start();
  }

  @AfterAll
  static void stopS3() throws Exception {
    if (s3 != null) {
      s3.stop();
    }
  }

  @Override
  protected URI freshCheckpoint() {
    return URI.create("s3a://" + S3Proxy.BUCKET + "/it/" + UUID.randomUUID() + "/");
  }

  @Override
  protected Map<String, String> storeSettings() {
    return s3.options();
  }
}
