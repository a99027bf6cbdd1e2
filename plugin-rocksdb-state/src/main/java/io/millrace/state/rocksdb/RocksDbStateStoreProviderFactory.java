package io.millrace.state.rocksdb;

import io.millrace.spi.Spi;
import io.millrace.spi.state.StateStoreProvider;
import io.millrace.spi.state.StateStoreProviderFactory;

/**
 * The {@code rocksdb} state store: state in local RocksDB instances under a process-wide memory
 * budget, made durable as changelogs and shared-SST snapshots on any storage.
 */
public final class RocksDbStateStoreProviderFactory implements StateStoreProviderFactory {

  @Override
  public String name() {
    return "rocksdb";
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  @Override
  public String description() {
    return "RocksDB state: off-heap, changelog checkpoints, snapshots sharing SST files";
  }

  @Override
  public StateStoreProvider create() {
    return new RocksDbStateStoreProvider();
  }
}
