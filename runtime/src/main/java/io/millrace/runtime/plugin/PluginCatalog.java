package io.millrace.runtime.plugin;

import io.millrace.spi.MillraceException;
import io.millrace.spi.PluginKind;
import io.millrace.spi.storage.StorageProvider;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The installed plugins indexed by kind and lower-cased name, and storage plugins by lower-cased
 * URI scheme. Building it is where duplicates are refused.
 */
final class PluginCatalog {
  private static final Comparator<InstalledPlugin> LISTING_ORDER =
      Comparator.comparing(InstalledPlugin::kind).thenComparing(InstalledPlugin::name, String.CASE_INSENSITIVE_ORDER);

  private final List<InstalledPlugin> all;
  private final Map<PluginKind, Map<String, InstalledPlugin>> byName = new EnumMap<>(PluginKind.class);
  private final Map<String, InstalledPlugin> byScheme = new HashMap<>();

  /**
   * Indexes {@code plugins}, given in the order they were found, so that a duplicate's message
   * names the one found first first.
   *
   * @throws DuplicatePluginException if two plugins of a kind share a name, or two storage
   *     plugins a scheme
   */
  PluginCatalog(List<InstalledPlugin> plugins) {
    for (PluginKind kind : PluginKind.values()) {
      byName.put(kind, new HashMap<>());
    }
    for (InstalledPlugin plugin : plugins) {
      indexName(plugin);
      if (plugin.kind() == PluginKind.STORAGE) {
        indexSchemes(plugin);
      }
    }
    List<InstalledPlugin> sorted = new ArrayList<>(plugins);
    sorted.sort(LISTING_ORDER);
    this.all = List.copyOf(sorted);
  }

  /** Every plugin, by kind and then name. */
  List<InstalledPlugin> all() {
    return all;
  }

  /** The plugin of {@code kind} named {@code name}, ignoring case. */
  Optional<InstalledPlugin> named(PluginKind kind, String name) {
    InstalledPlugin plugin = byName.get(kind).get(key(name));
    if (plugin != null) {
      return Optional.of(plugin);
    }
    // A provider may also be named by its class, as Spark users name a state store provider.
    return byName.get(kind).values().stream()
        .filter(p -> p.provider().getClass().getName().equals(name.trim()))
        .findFirst();
  }

  /** The names of the installed plugins of {@code kind}, as the plugins spell them. */
  List<String> names(PluginKind kind) {
    return byName.get(kind).values().stream().map(InstalledPlugin::name).toList();
  }

  /** The storage plugin that serves {@code scheme}, ignoring case. */
  Optional<InstalledPlugin> serving(String scheme) {
    return Optional.ofNullable(byScheme.get(key(scheme)));
  }

  /** The schemes some storage plugin serves, lower-cased. */
  Collection<String> schemes() {
    return byScheme.keySet();
  }

  private void indexName(InstalledPlugin plugin) {
    InstalledPlugin earlier = byName.get(plugin.kind()).putIfAbsent(key(plugin.name()), plugin);
    if (earlier != null) {
      throw DuplicatePluginException.forName(earlier, plugin);
    }
  }

  private void indexSchemes(InstalledPlugin plugin) {
    for (String scheme : schemesOf(plugin)) {
      InstalledPlugin earlier = byScheme.putIfAbsent(key(scheme), plugin);
      if (earlier != null && earlier != plugin) {
        throw DuplicatePluginException.forScheme(key(scheme), earlier, plugin);
      }
    }
  }

  // A storage plugin that serves no scheme could never be selected; say so rather than hide it.
  private static Set<String> schemesOf(InstalledPlugin plugin) {
    Set<String> schemes;
    try {
      schemes = ((StorageProvider) plugin.provider()).schemes();
    } catch (RuntimeException | LinkageError e) {
      throw new MillraceException("storage plugin " + plugin.describe() + ": schemes() failed: " + e, e);
    }
    if (schemes == null || schemes.isEmpty() || schemes.stream().anyMatch(s -> s == null || s.isBlank())) {
      throw new MillraceException("storage plugin " + plugin.describe()
          + " must serve at least one URI scheme and no blank ones; schemes() returned " + schemes);
    }
    return schemes;
  }

  private static String key(String nameOrScheme) {
    return nameOrScheme.toLowerCase(Locale.ROOT);
  }
}
