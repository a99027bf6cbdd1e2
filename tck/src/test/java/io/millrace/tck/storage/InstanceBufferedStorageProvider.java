package io.millrace.tck.storage;

import io.millrace.spi.Options;
import io.millrace.spi.Spi;
import io.millrace.spi.storage.Storage;
import io.millrace.spi.storage.StorageProvider;
import io.millrace.tck.reference.InMemoryStorageProvider;
import java.io.IOException;
import java.net.URI;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * Broken on purpose: each instance keeps what it committed to itself until it is closed (a
 * {@link WriteBehindStorage} with a map per instance), over the reference {@code mem:} storage.
 * A fresh instance does not see a file another open instance committed. Must fail F12 only.
 */
public final class InstanceBufferedStorageProvider implements StorageProvider {

  @Override
  public String name() {
    return "instance-buffered";
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
  public Storage open(URI uri, Options options) throws IOException {
    return new WriteBehindStorage(new InMemoryStorageProvider().open(uri, options), "mem", new ConcurrentSkipListMap<>());
  }
}
