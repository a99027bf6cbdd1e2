package io.millrace.runtime.plugin;

import io.millrace.spi.MillraceException;
import io.millrace.spi.Plugin;
import io.millrace.spi.PluginKind;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.function.Consumer;

/**
 * Finds the providers of all five kinds that one class loader lists in
 * {@code META-INF/services}, builds one of each and reads its metadata.
 */
final class ProviderDiscovery {
  /** Where a class path provider is said to be when its class could not even be loaded. */
  static final String CLASS_PATH = "the application class path";
  private static final String UNKNOWN_LOCATION = "classpath";

  private ProviderDiscovery() {}

  /**
   * The plugins on the application class path, each located by the jar or directory of its
   * class. A provider that cannot be loaded goes to {@code problems} and the search goes on.
   */
  static List<InstalledPlugin> onClassPath(ClassLoader applicationLoader, Consumer<BrokenPlugin> problems) {
    List<InstalledPlugin> found = new ArrayList<>();
    for (PluginKind kind : PluginKind.values()) {
      Iterator<? extends Plugin> it = ServiceLoader.load(kind.service(), applicationLoader).iterator();
      while (true) {
        Plugin provider;
        try {
          if (!it.hasNext()) {
            break;
          }
          provider = it.next();
        } catch (ServiceConfigurationError | LinkageError e) {
          // The iterator has moved past the bad entry, so the next call goes on with the rest.
          problems.accept(new BrokenPlugin(PluginOrigin.CLASS_PATH, CLASS_PATH, cannotLoad(kind, CLASS_PATH, e, false)));
          continue;
        }
        String location = codeSource(provider.getClass());
        try {
          found.add(PluginMetadata.read(kind, provider, PluginOrigin.CLASS_PATH, location));
        } catch (MillraceException e) {
          problems.accept(new BrokenPlugin(PluginOrigin.CLASS_PATH, location, e));
        }
      }
    }
    return found;
  }

  /**
   * The plugins of one entry of a plugins directory, all located at that entry. The entry is
   * one plugin, so its first problem fails it whole.
   */
  static List<InstalledPlugin> inPlugin(PluginClassLoader loader) {
    String location = loader.location().toString();
    List<InstalledPlugin> found = new ArrayList<>();
    for (PluginKind kind : PluginKind.values()) {
      for (Plugin provider : instantiate(kind, loader, location)) {
        found.add(PluginMetadata.read(kind, provider, PluginOrigin.PLUGINS_DIR, location));
      }
    }
    return found;
  }

  private static List<Plugin> instantiate(PluginKind kind, ClassLoader loader, String where) {
    List<Plugin> providers = new ArrayList<>();
    Iterator<? extends Plugin> it = ServiceLoader.load(kind.service(), loader).iterator();
    try {
      while (it.hasNext()) {
        providers.add(it.next());
      }
    } catch (ServiceConfigurationError | LinkageError e) {
      throw cannotLoad(kind, where, e, true);
    }
    return providers;
  }

  // A listed class that is missing, does not implement the interface, cannot be built or does
  // not link: name the place, since the JDK's message names only the class.
  private static MillraceException cannotLoad(PluginKind kind, String where, Throwable e, boolean ownJars) {
    String message = "cannot load " + kind.label() + " plugins from " + where + ": " + explain(e);
    if (ownJars) {
      message += MissingClass.in(e).map(missing -> "; class " + MissingClass.name(missing)
          + " is in none of its jars, and a plugin sees only those, the JDK and the SPI: a library is missing from "
          + where).orElse("");
    }
    return new MillraceException(message, e);
  }

  private static String explain(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root == e ? e.toString() : e.getMessage() + " (caused by " + root + ")";
  }

  private static String codeSource(Class<?> type) {
    ProtectionDomain domain = type.getProtectionDomain();
    CodeSource source = domain == null ? null : domain.getCodeSource();
    URL url = source == null ? null : source.getLocation();
    if (url == null) {
      return UNKNOWN_LOCATION;
    }
    try {
      return Path.of(url.toURI()).toString();
    } catch (URISyntaxException | IllegalArgumentException | FileSystemNotFoundException e) {
      // Not a local file (for example a nested jar URL): the URL itself still says where.
      return url.toString();
    }
  }
}
