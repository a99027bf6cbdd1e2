package io.millrace.runtime.plugin;

import io.millrace.spi.MillraceException;
import io.millrace.spi.Plugin;
import io.millrace.spi.PluginKind;
import io.millrace.spi.sink.SinkProvider;
import io.millrace.spi.source.SourceProvider;
import io.millrace.spi.state.StateStoreProviderFactory;
import io.millrace.spi.storage.StorageProvider;
import io.millrace.spi.trigger.TriggerPolicyProvider;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The plugins this runtime can use, found once, by name (or, for storage, by URI scheme).
 *
 * <p>Plugins come from two places. The application class path: {@link java.util.ServiceLoader}
 * over the class loader given to {@link #load}. And the plugins directories
 * ({@code millrace.plugins.dir}), in order: each {@code *.jar} directly in one is one plugin,
 * and each sub-folder is one plugin made of all the jars under it. Each directory plugin gets
 * its own {@link PluginClassLoader} (one per JVM, see {@link PluginClassLoaders}), which sees
 * the JDK, the SPI ({@code io.millrace.spi} and its sub-packages) and the SLF4J API and nothing
 * else, so plugins can bundle clashing versions of one library and cannot lean on the runtime's
 * own libraries. Plugins that log use {@link System.Logger}.
 *
 * <p>Every check runs at load, for every plugin, whether or not a query will select it: jars
 * readable, names unique per kind, schemes unique across storage plugins, and SPI versions
 * compatible (see {@link io.millrace.spi.Spi#compatible}). {@link #load} refuses a broken
 * installation at start, which is loud; refusing it only when a plugin is selected would let
 * it look healthy until the one job that needs that plugin runs. {@link #survey} instead lists
 * each broken plugin with its reason beside the ones that loaded, for {@code millrace plugins}.
 *
 * <p>A registry is immutable and safe to share between threads.
 */
public final class PluginRegistry {
  private static final Logger LOG = LoggerFactory.getLogger(PluginRegistry.class);

  private final PluginCatalog catalog;
  private final List<BrokenPlugin> broken;
  private final List<PluginClassLoader> loaders;

  private PluginRegistry(PluginCatalog catalog, List<BrokenPlugin> broken, List<PluginClassLoader> loaders) {
    this.catalog = catalog;
    this.broken = List.copyOf(broken);
    this.loaders = List.copyOf(loaders);
  }

  /** As {@link #load(ClassLoader, List)} with at most one plugins directory. */
  public static PluginRegistry load(ClassLoader applicationLoader, Optional<Path> pluginsDir) {
    Objects.requireNonNull(pluginsDir, "pluginsDir");
    return load(applicationLoader, pluginsDir.stream().toList());
  }

  /**
   * Finds every plugin on {@code applicationLoader}'s class path and in {@code pluginsDirs},
   * and fails on the first one that cannot be installed.
   *
   * @param pluginsDirs the directories {@code millrace.plugins.dir} names, each of which must
   *     be an existing directory
   * @throws MillraceException if a plugins directory is missing or not a directory, or a plugin
   *     cannot be loaded
   * @throws DuplicatePluginException if two plugins of one kind share a name, or two storage
   *     plugins a scheme
   * @throws IncompatiblePluginException if a plugin was built for an SPI this runtime cannot run
   */
  public static PluginRegistry load(ClassLoader applicationLoader, List<Path> pluginsDirs) {
    return build(applicationLoader, pluginsDirs, true);
  }

  /**
   * Like {@link #load}, except that a plugin that cannot be installed is left out and listed
   * in {@link #broken()}, with the error {@code load} would throw for it, and the search goes on.
   *
   * @throws MillraceException only if a plugins directory is missing, not a directory or cannot be listed
   */
  public static PluginRegistry survey(ClassLoader applicationLoader, List<Path> pluginsDirs) {
    return build(applicationLoader, pluginsDirs, false);
  }

  private static PluginRegistry build(ClassLoader applicationLoader, List<Path> pluginsDirs, boolean failFast) {
    Objects.requireNonNull(applicationLoader, "applicationLoader");
    Objects.requireNonNull(pluginsDirs, "pluginsDirs");
    List<BrokenPlugin> broken = new ArrayList<>();
    Consumer<BrokenPlugin> problems = failFast ? b -> {
      throw b.problem();
    } : broken::add;
    List<PluginClassLoader> loaders = new ArrayList<>();
    List<InstalledPlugin> found = new ArrayList<>(ProviderDiscovery.onClassPath(applicationLoader, problems));
    found.forEach(p -> LOG.debug("found {} plugin {} on the class path", p.kind().label(), p.describe()));
    for (Path dir : pluginsDirs) {
      for (PluginDirectory.Entry entry : PluginDirectory.scan(dir)) {
        loadEntry(entry, loaders, problems).ifPresent(found::addAll);
      }
    }
    PluginCatalog catalog = new PluginCatalog(found, problems);
    broken.forEach(b -> LOG.warn("plugin {} is broken: {}", b.location(), b.reason()));
    return new PluginRegistry(catalog, broken, loaders);
  }

  /** The plugins of one directory entry, or empty if it is broken (reported to {@code problems}). */
  private static Optional<List<InstalledPlugin>> loadEntry(PluginDirectory.Entry entry,
      List<PluginClassLoader> loaders, Consumer<BrokenPlugin> problems) {
    try {
      PluginDirectory.checkJars(entry);
      PluginClassLoader loader = PluginClassLoaders.of(entry);
      loaders.add(loader);
      List<InstalledPlugin> plugins = ProviderDiscovery.inPlugin(loader);
      if (plugins.isEmpty()) {
        LOG.warn("plugin {} lists no Millrace provider in META-INF/services; nothing loaded from it", entry.location());
      } else {
        LOG.info("loaded plugin {} ({} jar(s)): {}", entry.location(), entry.jars().size(), summary(plugins));
      }
      return Optional.of(plugins);
    } catch (MillraceException e) {
      problems.accept(new BrokenPlugin(PluginOrigin.PLUGINS_DIR, entry.location().toString(), e));
      return Optional.empty();
    }
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

  /** The plugins a {@link #survey} could not install, in the order found; always empty after {@link #load}. */
  public List<BrokenPlugin> broken() {
    return broken;
  }

  /**
   * If {@code failure} comes from a class that code of a plugins-directory plugin needed and
   * none of its jars holds, the error that says so, naming the plugin, the class and the jar
   * or folder; empty for any other failure. A plugin sees only its own jars, the JDK, the SPI
   * and SLF4J, so such a failure means a library is missing from its folder, which the JVM's
   * bare {@link NoClassDefFoundError} does not say.
   */
  public Optional<MissingPluginClassException> explainMissingClass(Throwable failure) {
    return MissingClass.in(failure).flatMap(missing -> loaderThatNeeded(missing)
        .map(loader -> MissingPluginClassException.of(MissingClass.name(missing), loader.location(),
            installedFrom(loader.location()), failure)));
  }

  /** The plugin loader of the innermost frame of plugin code in {@code error}'s stack, if any. */
  private Optional<PluginClassLoader> loaderThatNeeded(Throwable error) {
    for (StackTraceElement frame : error.getStackTrace()) {
      String loaderName = frame.getClassLoaderName();
      if (loaderName != null && loaderName.startsWith(PluginClassLoader.NAME_PREFIX)) {
        return loaders.stream().filter(l -> loaderName.equals(l.getName())).findFirst();
      }
    }
    return Optional.empty();
  }

  private List<InstalledPlugin> installedFrom(Path location) {
    return catalog.all().stream().filter(p -> p.location().equals(location.toString())).toList();
  }

}
