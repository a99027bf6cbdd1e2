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
import java.util.function.Consumer;

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
   * names the one found first first. A plugin that cannot be indexed goes to {@code problems}
   * with a {@link DuplicatePluginException} (its name or a scheme was taken) or, for a storage
   * plugin that serves no usable scheme, a {@link MillraceException}; it is left out.
   */
  PluginCatalog(List<InstalledPlugin> plugins, Consumer<BrokenPlugin> problems) {
    for (PluginKind kind : PluginKind.values()) {
      byName.put(kind, new HashMap<>());
    }
    List<InstalledPlugin> indexed = new ArrayList<>();
    for (InstalledPlugin plugin : plugins) {
      try {
        index(plugin);
        indexed.add(plugin);
      } catch (MillraceException e) {
        problems.accept(new BrokenPlugin(plugin.origin(), plugin.location(), e));
      }
    }
    indexed.sort(LISTING_ORDER);
    this.all = List.copyOf(indexed);
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

  /** Checks everything first, so a plugin that is refused leaves no trace in the indexes. */
  private void index(InstalledPlugin plugin) {
    Map<String, InstalledPlugin> names = byName.get(plugin.kind());
    InstalledPlugin earlier = names.get(key(plugin.name()));
    if (earlier != null) {
      throw DuplicatePluginException.forName(earlier, plugin);
    }
    Set<String> schemes = plugin.kind() == PluginKind.STORAGE ? schemesOf(plugin) : Set.of();
    for (String scheme : schemes) {
      InstalledPlugin other = byScheme.get(key(scheme));
      if (other != null) {
        throw DuplicatePluginException.forScheme(key(scheme), other, plugin);
      }
    }
    names.put(key(plugin.name()), plugin);
    schemes.forEach(scheme -> byScheme.put(key(scheme), plugin));
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
