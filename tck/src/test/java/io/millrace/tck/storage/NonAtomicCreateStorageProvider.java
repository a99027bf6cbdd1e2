package io.millrace.tck.storage;

import io.millrace.spi.Options;
import io.millrace.spi.Spi;
import io.millrace.spi.storage.Storage;
import io.millrace.spi.storage.StorageProvider;
import io.millrace.tck.reference.DiskStorageProvider;
import java.io.IOException;
import java.net.URI;
import java.util.Set;

/** Serves {@link NonAtomicCreateStorage} over the reference disk storage, for {@code file:}; not registered with ServiceLoader. */
public final class NonAtomicCreateStorageProvider implements StorageProvider {

  @Override
  public String name() {
    return "non-atomic-create";
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
  public Storage open(URI uri, Options options) throws IOException {
    return new NonAtomicCreateStorage(new DiskStorageProvider().open(uri, options));
  }
}
