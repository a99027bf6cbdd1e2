package io.millrace.plugins.storage;

import io.millrace.spi.Options;
import io.millrace.spi.Spi;
import io.millrace.spi.storage.Storage;
import io.millrace.spi.storage.StorageProvider;
import java.net.URI;
import java.util.Set;

/**
 * Serves {@code file:} URIs with {@link LocalStorage}. It reads no session options. Each
 * {@link #open} probes the file system once for the hard links that atomic create-if-absent
 * needs.
 */
public final class LocalStorageProvider implements StorageProvider {

  public LocalStorageProvider() {}

  @Override
  public String name() {
    return "local";
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  @Override
  public String description() {
    return "the local file system for file: URIs (atomic create-if-absent, OS file locks)";
  }

  @Override
  public Set<String> schemes() {
    return Set.of("file");
  }

  @Override
  public Storage open(URI uri, Options options) {
    return LocalStorage.forUri(uri);
  }
}
