package io.millrace.tck.reference;

import io.millrace.spi.Options;
import io.millrace.spi.Spi;
import io.millrace.spi.storage.Storage;
import io.millrace.spi.storage.StorageProvider;
import java.net.URI;
import java.util.Set;

/**
 * The TCK's reference storage for {@code file:} URIs (the self-tests cannot use the built-in
 * one, whose module tests against the TCK): a correct local-disk storage that outlives the
 * process, for rules that restart plugins in a child JVM, and that passes every storage rule.
 */
public final class DiskStorageProvider implements StorageProvider {
  private static final DiskStorage SHARED = new DiskStorage();

  @Override
  public String name() {
    return "tck-disk";
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  @Override
  public Set<String> schemes() {
    return Set.of("file");
  }

  @Override
  public Storage open(URI uri, Options options) {
    return SHARED;
  }
}
