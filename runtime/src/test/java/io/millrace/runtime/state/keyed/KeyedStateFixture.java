package io.millrace.runtime.state.keyed;

import io.millrace.runtime.Engine;
import io.millrace.runtime.state.KeyGroups;
import io.millrace.spi.Options;
import io.millrace.spi.PluginContext;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.state.StateStoreProviderFactory;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * A checkpoint and the engine's state store plugins for keyed state tests: backends opened on
 * the named provider as a query would open them, each a fresh set of providers (a restart).
 */
final class KeyedStateFixture implements AutoCloseable {
  final Engine engine;
  final URI checkpoint;
  final String provider;
  private final List<KeyedStateBackend> opened = new ArrayList<>();

  KeyedStateFixture(Path checkpoint, String provider) {
    this.engine = new Engine(Map.of("millrace.state.provider", provider), FaultInjector.NONE);
    this.checkpoint = checkpoint.toUri();
    this.provider = provider;
  }

  StateStoreProviderFactory factory() {
    return engine.plugins().stateStore(provider);
  }

  Storage storage() {
    try {
      return engine.storage(checkpoint);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  PluginContext context() {
    Options options = engine.settings().options().withOwner("state store '" + provider + "'");
    return new PluginContext() {
      @Override
      public Options options() {
        return options;
      }

      @Override
      public String queryId() {
        return "keyed-state-test";
      }

      @Override
      public Storage storage(URI uri) throws IOException {
        return engine.storage(uri);
      }
    };
  }

  /** A backend of operator 0 over {@code partitions} partitions and 128 key groups: a fresh set of providers. */
  KeyedStateBackend open(KeyedStateSpec spec, int partitions) {
    return open(spec, new KeyGroups(128, partitions), f -> f);
  }

  /** A backend whose providers come from {@code wrap} of the plugin's factory. */
  KeyedStateBackend open(KeyedStateSpec spec, KeyGroups keyGroups, UnaryOperator<StateStoreProviderFactory> wrap) {
    try {
      KeyedStateBackend backend = new KeyedStateBackend(spec, wrap.apply(factory()), checkpoint, storage(), 0, keyGroups,
          context());
      opened.add(backend);
      return backend;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    opened.forEach(KeyedStateBackend::close);
    engine.close();
  }
}
