package io.millrace.state.hdfs;

import io.millrace.spi.Spi;
import io.millrace.spi.state.StateStoreProvider;
import io.millrace.spi.state.StateStoreProviderFactory;

/**
 * The {@code hdfs} state store, the engine's default: versions as delta and snapshot files on
 * any storage, loaded versions kept in memory as structure-sharing maps.
 */
public final class HdfsStateStoreProviderFactory implements StateStoreProviderFactory {

  @Override
  public String name() {
    return "hdfs";
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  @Override
  public String description() {
    return "HDFS-backed state: delta and snapshot files on any storage, O(changes) per batch";
  }

  @Override
  public StateStoreProvider create() {
    return new HdfsStateStoreProvider();
  }
}
