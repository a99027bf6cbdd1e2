package io.millrace.tck;

import io.millrace.spi.Options;
import io.millrace.spi.storage.Storage;
import io.millrace.spi.storage.StorageProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The storages the suites hand to plugins, found like the engine finds them: a
 * {@link StorageProvider} on the class path for each URI scheme. For {@code file:} add
 * {@code io.millrace:millrace-plugins} to the test class path.
 */
public final class TckStorage {
  private static final Map<String, Storage> OPEN = new ConcurrentHashMap<>();

  private TckStorage() {}

  /** The storage serving {@code uri}'s scheme. */
  public static Storage forUri(URI uri) {
    return forUri(uri, Map.of());
  }

  /**
   * The storage serving {@code uri}'s scheme, opened with {@code options} as the engine would
   * open it with the session's settings (e.g. {@code millrace.hadoop.fs.s3a.endpoint}).
   */
  public static Storage forUri(URI uri, Map<String, String> options) {
    String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
    String key = scheme + "://" + (uri.getAuthority() == null ? "" : uri.getAuthority()) + " " + new java.util.TreeMap<>(options);
    return OPEN.computeIfAbsent(key, k -> open(scheme, uri, options));
  }

  private static Storage open(String scheme, URI uri, Map<String, String> options) {
    List<String> schemes = new ArrayList<>();
    for (StorageProvider p : ServiceLoader.load(StorageProvider.class, TckStorage.class.getClassLoader())) {
      if (p.schemes().contains(scheme)) {
        try {
          return p.open(uri, Options.of("the TCK", options));
        } catch (IOException e) {
          throw new UncheckedIOException("storage '" + p.name() + "' cannot open " + uri, e);
        }
      }
      schemes.addAll(p.schemes());
    }
    throw new IllegalStateException("the TCK found no storage for scheme '" + scheme + "' (found: " + schemes
        + "); for file: add io.millrace:millrace-plugins to the test class path");
  }
}
