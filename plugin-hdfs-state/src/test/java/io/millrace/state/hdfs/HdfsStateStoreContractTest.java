package io.millrace.state.hdfs;

import io.millrace.tck.state.StateStoreContractSuite;
import io.millrace.tck.state.StateStoreKit;
import java.util.Map;

/** The TCK's state store rules on {@code file:} with the default codec (LZ4). */
class HdfsStateStoreContractTest extends StateStoreContractSuite {
  @Override
  protected StateStoreKit kit() {
    return new HdfsStateKit(Map.of());
  }
}
