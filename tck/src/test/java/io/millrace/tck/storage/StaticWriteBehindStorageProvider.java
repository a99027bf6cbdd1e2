package io.millrace.tck.storage;

import io.millrace.spi.Options;
import io.millrace.spi.Spi;
import io.millrace.spi.storage.Storage;
import io.millrace.spi.storage.StorageProvider;
import io.millrace.tck.reference.DiskStorageProvider;
import java.io.IOException;
import java.net.URI;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * Broken on purpose: committed files wait in a JVM-wide map (a static field) that every
 * instance reads, and reach the disk when an instance is closed: a write-behind cache. Within
 * one JVM every file is there at once; a process that dies before a close loses them. Must
 * fail F13 only.
 */
public final class StaticWriteBehindStorageProvider implements StorageProvider {
  private static final ConcurrentSkipListMap<String, byte[]> PENDING = new ConcurrentSkipListMap<>();

  @Override
  public String name() {
    return "static-write-behind";
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
    return new WriteBehindStorage(new DiskStorageProvider().open(uri, options), "file", PENDING);
  }
}
