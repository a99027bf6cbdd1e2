package io.millrace.runtime.plugin;

import io.millrace.spi.MillraceException;
import io.millrace.spi.Plugin;
import io.millrace.spi.PluginKind;
import io.millrace.spi.sink.SinkProvider;
import io.millrace.spi.source.SourceProvider;
import io.millrace.spi.state.StateStoreProviderFactory;
import io.millrace.spi.storage.StorageProvider;
import io.millrace.spi.trigger.TriggerPolicyProvider;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The plugins this runtime can use, found once, by name (or, for storage, by URI scheme).
 *
 * <p>Plugins come from two places. The application class path: {@link java.util.ServiceLoader}
 * over the class loader given to {@link #load}. And the plugins directory
 * ({@code millrace.plugins.dir}): each {@code *.jar} directly in it is one plugin, and each
 * sub-folder is one plugin made of all the jars under it. Each directory plugin gets its own
 * {@link PluginClassLoader}, which sees the JDK and the SPI ({@code io.millrace.spi} and its
 * sub-packages) and nothing else, so plugins can bundle clashing versions of one library and
 * cannot lean on the runtime's own libraries. Plugins that log use {@link System.Logger}.
 *
 * <p>Every check runs in {@link #load}, for every plugin, whether or not a query will select
 * it: names unique per kind, schemes unique across storage plugins, and SPI versions
 * compatible (see {@link io.millrace.spi.Spi#compatible}). Refusing a broken installation at
 * start is loud; refusing it only when a plugin is selected would let it look healthy until
 * the one job that needs that plugin runs.
 *
 * <p>A registry is immutable and safe to share between threads.
 */
public final class PluginRegistry implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(PluginRegistry.class);

  private final PluginCatalog catalog;
  private final List<PluginClassLoader> loaders;

  private PluginRegistry(PluginCatalog catalog, List<PluginClassLoader> loaders) {
    this.catalog = catalog;
    this.loaders = List.copyOf(loaders);
  }

  /**
   * Finds every plugin on {@code applicationLoader}'s class path and in {@code pluginsDir}.
   *
   * @param pluginsDir the value of {@code millrace.plugins.dir}, if set; when set it must be
   *     an existing directory
   * @throws MillraceException if the plugins directory is missing or not a directory, or a
   *     plugin cannot be loaded
   * @throws DuplicatePluginException if two plugins of one kind share a name, or two storage
   *     plugins a scheme
   * @throws IncompatiblePluginException if a plugin was built for an SPI this runtime cannot run
   */
  public static PluginRegistry load(ClassLoader applicationLoader, Optional<Path> pluginsDir) {
    Objects.requireNonNull(applicationLoader, "applicationLoader");
    Objects.requireNonNull(pluginsDir, "pluginsDir");
    List<PluginClassLoader> loaders = new ArrayList<>();
    try {
      List<InstalledPlugin> found = new ArrayList<>(ProviderDiscovery.onClassPath(applicationLoader));
      found.forEach(p -> LOG.debug("found {} plugin {} on the class path", p.kind().label(), p.describe()));
      pluginsDir.ifPresent(dir -> found.addAll(loadDirectory(dir, loaders)));
      return new PluginRegistry(new PluginCatalog(found), loaders);
    } catch (RuntimeException | Error e) {
      // A failed load hands out no registry, so nobody else can close the jars it opened.
      closeAll(loaders).ifPresent(e::addSuppressed);
      throw e;
    }
  }

  private static List<InstalledPlugin> loadDirectory(Path dir, List<PluginClassLoader> loaders) {
    ClassLoader spiOnly = new SpiOnlyClassLoader(Plugin.class.getClassLoader());
    List<InstalledPlugin> found = new ArrayList<>();
    for (PluginDirectory.Entry entry : PluginDirectory.scan(dir)) {
      PluginClassLoader loader = new PluginClassLoader(entry.location(), entry.jars(), spiOnly);
      loaders.add(loader);
      List<InstalledPlugin> plugins = ProviderDiscovery.inPlugin(loader);
      if (plugins.isEmpty()) {
        LOG.warn("plugin {} lists no Millrace provider in META-INF/services; nothing loaded from it", entry.location());
      } else {
        LOG.info("loaded plugin {} ({} jar(s)): {}", entry.location(), entry.jars().size(), summary(plugins));
      }
      found.addAll(plugins);
    }
    return found;
  }

  private static String summary(List<InstalledPlugin> plugins) {
    return plugins.stream()
        .map(p -> p.kind().label() + " '" + p.name() + "' " + p.version() + " (SPI " + p.spiVersion() + ")")
        .collect(Collectors.joining(", "));
  }

  /**
   * The plugin of {@code kind} named {@code name}, ignoring case.
   *
   * @throws UnknownPluginException listing the installed names of that kind if none has this name
   * @throws IllegalArgumentException if the plugin is not a {@code type}
   */
  public <P extends Plugin> P find(PluginKind kind, String name, Class<P> type) {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(name, "name");
    InstalledPlugin plugin =
        catalog.named(kind, name).orElseThrow(() -> UnknownPluginException.forName(kind, name, catalog.names(kind)));
    if (!type.isInstance(plugin.provider())) {
      throw new IllegalArgumentException(
          kind.label() + " plugin " + plugin.describe() + " is not a " + type.getName());
    }
    return type.cast(plugin.provider());
  }

  /** The source named {@code name}, ignoring case; see {@link #find}. */
  public SourceProvider source(String name) {
    return find(PluginKind.SOURCE, name, SourceProvider.class);
  }

  /** The sink named {@code name}, ignoring case; see {@link #find}. */
  public SinkProvider sink(String name) {
    return find(PluginKind.SINK, name, SinkProvider.class);
  }

  /** The trigger policy named {@code name}, ignoring case; see {@link #find}. */
  public TriggerPolicyProvider trigger(String name) {
    return find(PluginKind.TRIGGER, name, TriggerPolicyProvider.class);
  }

  /** The state store provider named {@code name}, ignoring case; see {@link #find}. */
  public StateStoreProviderFactory stateStore(String name) {
    return find(PluginKind.STATE_STORE, name, StateStoreProviderFactory.class);
  }

  /**
   * The storage plugin that serves URI scheme {@code scheme}, ignoring case.
   *
   * @throws UnknownPluginException listing the installed schemes if none serves this one
   */
  public StorageProvider storageForScheme(String scheme) {
    Objects.requireNonNull(scheme, "scheme");
    InstalledPlugin plugin =
        catalog.serving(scheme).orElseThrow(() -> UnknownPluginException.forScheme(scheme, catalog.schemes()));
    return (StorageProvider) plugin.provider();
  }

  /** Every installed plugin, sorted by kind and then name. */
  public List<InstalledPlugin> installed() {
    return catalog.all();
  }

  /**
   * Closes the jars of the plugins-directory plugins. Call it only once no object made by
   * those plugins is in use any more: classes they have not loaded yet can no longer be found.
   */
  @Override
  public void close() {
    Optional<MillraceException> failure = closeAll(loaders);
    if (failure.isPresent()) {
      throw failure.get();
    }
  }

  private static Optional<MillraceException> closeAll(List<PluginClassLoader> loaders) {
    MillraceException failure = null;
    for (PluginClassLoader loader : loaders) {
      try {
        loader.close();
      } catch (IOException e) {
        if (failure == null) {
          failure = new MillraceException("cannot close the jars of plugin " + loader.location() + ": " + e, e);
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    return Optional.ofNullable(failure);
  }
}
