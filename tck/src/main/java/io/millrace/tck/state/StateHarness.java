package io.millrace.tck.state;

import io.millrace.spi.Options;
import io.millrace.spi.PluginContext;
import io.millrace.spi.data.Schema;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.state.StateStoreId;
import io.millrace.spi.state.StateStoreProvider;
import io.millrace.spi.storage.Storage;
import io.millrace.tck.TckStorage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * One rule's world: a fresh checkpoint root, providers created from the kit's factory as the
 * engine would (every one a new instance, initialised with the same query id), and clean-up.
 * Providers are only closed at the end, so a rule decides when a provider is "gone" by
 * dropping it (a crash) or by closing it itself.
 */
final class StateHarness implements AutoCloseable {
  static final Schema KEY_SCHEMA = Schema.parse("key STRING");
  static final Schema VALUE_SCHEMA = Schema.parse("value STRING");

  private final StateStoreKit kit;
  private final URI root;
  private final String queryId = UUID.randomUUID().toString();
  private final List<StateStoreProvider> providers = new ArrayList<>();

  StateHarness(StateStoreKit kit) {
    this.kit = kit;
    this.root = kit.checkpointRoot();
  }

  StateStoreKit kit() {
    return kit;
  }

  /** The default store of operator 0, partition 0. */
  StateStoreId id() {
    return id(0);
  }

  /** The default store of operator 0 and {@code partition}: separate stores for separate scenarios. */
  StateStoreId id(int partition) {
    return new StateStoreId(root, 0, partition, StateStoreId.DEFAULT_STORE_NAME);
  }

  /** The store named {@code storeName} of {@code operator} and {@code partition}. */
  StateStoreId id(long operator, int partition, String storeName) {
    return new StateStoreId(root, operator, partition, storeName);
  }

  /** The storage serving the checkpoint, unwrapped. */
  Storage storage() {
    return TckStorage.forUri(root, kit.baseOptions());
  }

  /** A new provider of {@code id} with the base options plus {@code knob}. */
  StateStoreProvider fresh(StateStoreId id, Map<String, String> knob) {
    return fresh(id, knob, FaultInjector.NONE, null);
  }

  /** A new provider with the base options only. */
  StateStoreProvider fresh(StateStoreId id) {
    return fresh(id, Map.of());
  }

  /**
   * A new provider whose context reports {@code faults} and, unless {@code storage} is null,
   * serves {@code storage} for every URI.
   */
  StateStoreProvider fresh(StateStoreId id, Map<String, String> knob, FaultInjector faults, Storage storage) {
    StateStoreProvider provider = kit.factory().create();
    providers.add(provider);
    provider.init(id, KEY_SCHEMA, VALUE_SCHEMA, context(knob, faults, storage));
    return provider;
  }

  private PluginContext context(Map<String, String> knob, FaultInjector faults, Storage storage) {
    Map<String, String> merged = new LinkedHashMap<>(kit.baseOptions());
    merged.putAll(knob);
    Options options = Options.of("state store '" + kit.factory().name() + "'", merged);
    return new PluginContext() {
      @Override
      public Options options() {
        return options;
      }

      @Override
      public String queryId() {
        return queryId;
      }

      @Override
      public Storage storage(URI uri) {
        return storage != null ? storage : TckStorage.forUri(uri, kit.baseOptions());
      }

      @Override
      public FaultInjector faultInjector() {
        return faults;
      }
    };
  }

  /** Closes every provider the rule made (a crashed one may throw; that is ignored) and deletes the checkpoint. */
  @Override
  public void close() {
    for (StateStoreProvider p : providers) {
      try {
        p.close();
      } catch (Throwable ignored) {
        // a provider that crashed or was closed by the rule; nothing to release
      }
    }
    providers.clear();
    try {
      storage().delete(root);
    } catch (Exception ignored) {
      // best effort: the checkpoint is a fresh directory nobody else uses
    }
    try {
      kit.close();
    } catch (IOException e) {
      throw new UncheckedIOException("the kit's close() failed", e);
    }
  }

  /** The checkpoint root of this rule. */
  URI root() {
    return root;
  }
}
