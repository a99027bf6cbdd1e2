package io.millrace.state.rocksdb;

import io.millrace.tck.state.StateStoreContractSuite;
import io.millrace.tck.state.StateStoreKit;
import java.util.Map;

/** The TCK's state store rules on {@code file:} checkpoints. */
class RocksDbStateStoreContractTest extends StateStoreContractSuite {
  @Override
  protected StateStoreKit kit() {
    return new RocksDbStateKit(Map.of());
  }
}
