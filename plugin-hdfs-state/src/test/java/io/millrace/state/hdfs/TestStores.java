package io.millrace.state.hdfs;

import io.millrace.spi.data.Schema;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStoreId;
import io.millrace.tck.TckContext;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

/** Providers on a local directory, and small helpers for keys and values. */
final class TestStores {
  static final Schema KEY = Schema.parse("key STRING");
  static final Schema VALUE = Schema.parse("value STRING");

  private TestStores() {}

  static StateStoreId id(Path checkpoint) {
    return new StateStoreId(checkpoint.toUri(), 0, 0, StateStoreId.DEFAULT_STORE_NAME);
  }

  static HdfsStateStoreProvider provider(Path checkpoint, Map<String, String> options) {
    return provider(id(checkpoint), options, FaultInjector.NONE);
  }

  static HdfsStateStoreProvider provider(StateStoreId id, Map<String, String> options, FaultInjector faults) {
    HdfsStateStoreProvider provider = new HdfsStateStoreProvider();
    provider.init(id, KEY, VALUE, TckContext.plugin("state store 'hdfs'", options, faults));
    return provider;
  }

  static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  static String text(byte[] bytes) {
    return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
  }

  static URI file(StateStoreId id, long version, StateFileKind kind) {
    return new StoreLayout(id.storePath()).file(version, kind);
  }

  /** Commits {@code count} keys {@code prefix0..} with values {@code value} on top of {@code version}. */
  static long commitKeys(HdfsStateStoreProvider provider, long version, String prefix, int count, String value) {
    StateStore store = provider.getStore(version);
    for (int i = 0; i < count; i++) {
      store.put(bytes(prefix + i), bytes(value));
    }
    return store.commit();
  }
}
