package io.millrace.tck.runner;

import io.millrace.spi.PluginKind;
import io.millrace.tck.sink.SinkKit;
import io.millrace.tck.source.SourceKit;
import io.millrace.tck.state.StateStoreKit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.Function;

/**
 * For the kinds whose rules need author code (writing test data, reading back output): the
 * kit interface a jar lists in {@code META-INF/services}, the runner's suite that uses it, and
 * how to tell which plugin a kit is for.
 *
 * @param kitType the kit interface
 * @param suite the runner's suite class
 * @param name the plugin name a kit is for
 */
record KitSuites(Class<?> kitType, Class<?> suite, Function<Object, String> name) {

  static Optional<KitSuites> forKind(PluginKind kind) {
    switch (kind) {
      case SOURCE:
        return Optional.of(new KitSuites(SourceKit.class, RunnerSourceSuite.class, k -> ((SourceKit) k).provider().name()));
      case SINK:
        return Optional.of(new KitSuites(SinkKit.class, RunnerSinkSuite.class, k -> ((SinkKit) k).provider().name()));
      case STATE_STORE:
        return Optional.of(new KitSuites(StateStoreKit.class, RunnerStateStoreSuite.class,
            k -> ((StateStoreKit) k).factory().name()));
      default:
        // Storage and trigger policies need no author code: the runner builds their kits.
        return Optional.empty();
    }
  }

  List<Object> kits(ClassLoader loader) {
    List<Object> kits = new ArrayList<>();
    ServiceLoader.load(kitType, loader).forEach(kits::add);
    return kits;
  }

  String pluginName(Object kit) {
    return name.apply(kit);
  }
}
