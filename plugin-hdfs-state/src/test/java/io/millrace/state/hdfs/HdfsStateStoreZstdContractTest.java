package io.millrace.state.hdfs;

import io.millrace.tck.state.StateStoreContractSuite;
import io.millrace.tck.state.StateStoreKit;
import java.util.Map;

/** The TCK's state store rules with zstd files, so the second codec meets the whole contract too. */
class HdfsStateStoreZstdContractTest extends StateStoreContractSuite {
  @Override
  protected StateStoreKit kit() {
    return new HdfsStateKit(Map.of(HdfsStateOptions.COMPRESSION_CODEC, "zstd"));
  }
}
