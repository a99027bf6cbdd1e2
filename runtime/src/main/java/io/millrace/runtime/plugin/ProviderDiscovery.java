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
import java.util.function.Function;

/**
 * Finds the providers of all five kinds that one class loader lists in
 * {@code META-INF/services}, builds one of each and reads its metadata.
 */
final class ProviderDiscovery {
  private static final String UNKNOWN_LOCATION = "classpath";

  private ProviderDiscovery() {}

  /** The plugins on the application class path, each located by the jar or directory of its class. */
  static List<InstalledPlugin> onClassPath(ClassLoader applicationLoader) {
    return discover(applicationLoader, "the application class path", ProviderDiscovery::codeSource);
  }

  /** The plugins of one entry of the plugins directory, all located at that entry. */
  static List<InstalledPlugin> inPlugin(PluginClassLoader loader) {
    String location = loader.location().toString();
    return discover(loader, location, type -> location);
  }

  private static List<InstalledPlugin> discover(ClassLoader loader, String where, Function<Class<?>, String> locate) {
    List<InstalledPlugin> found = new ArrayList<>();
    for (PluginKind kind : PluginKind.values()) {
      for (Plugin provider : instantiate(kind, loader, where)) {
        found.add(PluginMetadata.read(kind, provider, locate.apply(provider.getClass())));
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
      // A listed class that is missing, does not implement the interface, cannot be built or
      // does not link: name the place, since the JDK's message names only the class.
      throw new MillraceException("cannot load " + kind.label() + " plugins from " + where + ": " + explain(e), e);
    }
    return providers;
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
