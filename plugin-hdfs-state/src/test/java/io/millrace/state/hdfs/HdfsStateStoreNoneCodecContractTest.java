package io.millrace.state.hdfs;

import io.millrace.tck.state.StateStoreContractSuite;
import io.millrace.tck.state.StateStoreKit;
import java.util.Map;

/** The TCK's state store rules with uncompressed files: damage then reaches the payload directly. */
class HdfsStateStoreNoneCodecContractTest extends StateStoreContractSuite {
  @Override
  protected StateStoreKit kit() {
    return new HdfsStateKit(Map.of(HdfsStateOptions.COMPRESSION_CODEC, "none"));
  }
}
