package io.millrace.state.hdfs;

import io.millrace.storage.hadoop.S3Proxy;
import io.millrace.tck.state.StateStoreContractSuite;
import io.millrace.tck.state.StateStoreKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The TCK's state store rules with every checkpoint in a bucket of an in-process S3-compatible
 * server through {@code s3a://}: the provider's files are objects written whole at commit, with
 * no rename. One server serves the whole class.
 */
class HdfsStateStoreOnS3aContractTest extends StateStoreContractSuite {
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
  protected StateStoreKit kit() {
    return new HdfsStateKit(s3.options(), S3Proxy::freshRoot);
  }
}
