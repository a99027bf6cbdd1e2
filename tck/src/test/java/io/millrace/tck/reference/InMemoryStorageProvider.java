package io.millrace.tck.reference;

import io.millrace.spi.Options;
import io.millrace.spi.Spi;
import io.millrace.spi.storage.Storage;
import io.millrace.spi.storage.StorageProvider;
import java.net.URI;
import java.util.Set;

/**
 * The TCK's reference storage, scheme {@code mem}: a correct, process-local file system that
 * the self-tests hand to plugins, and that passes the storage rules itself.
 */
public final class InMemoryStorageProvider implements StorageProvider {
  private static final InMemoryStorage SHARED = new InMemoryStorage();

  @Override
  public String name() {
    return "tck-memory";
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  @Override
  public Set<String> schemes() {
    return Set.of("mem");
  }

  @Override
  public Storage open(URI uri, Options options) {
    return SHARED;
  }
}
