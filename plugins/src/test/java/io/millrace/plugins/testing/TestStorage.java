package io.millrace.plugins.testing;

import io.millrace.plugins.storage.LocalStorage;
import io.millrace.spi.MillraceException;
import io.millrace.spi.storage.Storage;
import java.net.URI;
import java.nio.file.Path;

/** The storage test contexts hand out: {@link LocalStorage} for every {@code file:} URI. */
public final class TestStorage {
  private static final LocalStorage LOCAL = LocalStorage.forUri(Path.of(System.getProperty("java.io.tmpdir")).toUri());

  private TestStorage() {}

  public static Storage forUri(URI uri) {
    if (!"file".equalsIgnoreCase(uri.getScheme())) {
      throw new MillraceException("no storage serves the scheme of '" + uri + "' in tests; installed: file");
    }
    return LOCAL;
  }
}
