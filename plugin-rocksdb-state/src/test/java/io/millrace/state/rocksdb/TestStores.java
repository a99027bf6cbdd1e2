package io.millrace.state.rocksdb;

import io.millrace.spi.data.Schema;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStoreId;
import io.millrace.tck.TckContext;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

/** Providers on a {@code file:} checkpoint directory, and small helpers for UTF-8 keys. */
final class TestStores {
  private TestStores() {}

  static StateStoreId id(Path checkpoint) {
    return new StateStoreId(checkpoint.toUri(), 0, 0, StateStoreId.DEFAULT_STORE_NAME);
  }

  static RocksDbStateStoreProvider provider(Path checkpoint, Map<String, String> options) {
    return provider(checkpoint, options, FaultInjector.NONE);
  }

  static RocksDbStateStoreProvider provider(Path checkpoint, Map<String, String> options, FaultInjector faults) {
    RocksDbStateStoreProvider provider = new RocksDbStateStoreProvider();
    provider.init(id(checkpoint), Schema.parse("key STRING"), Schema.parse("value STRING"),
        TckContext.plugin("state store 'rocksdb'", options, faults));
    return provider;
  }

  /** Commits {@code count} keys {@code prefix0..} set to {@code value} on top of {@code version}. */
  static long commitKeys(RocksDbStateStoreProvider provider, long version, String prefix, int count, String value) {
    StateStore store = provider.getStore(version);
    for (int i = 0; i < count; i++) {
      store.put(bytes(prefix + i), bytes(value));
    }
    return store.commit();
  }

  static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  static String text(byte[] bytes) {
    return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
  }
}
