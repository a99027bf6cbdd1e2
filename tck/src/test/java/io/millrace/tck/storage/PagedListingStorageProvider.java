package io.millrace.tck.storage;

import io.millrace.spi.Options;
import io.millrace.spi.Spi;
import io.millrace.spi.storage.FileInfo;
import io.millrace.spi.storage.Storage;
import io.millrace.spi.storage.StorageProvider;
import io.millrace.tck.reference.InMemoryStorageProvider;
import java.io.IOException;
import java.net.URI;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Broken on purpose: its listing returns the first page only, the first 1,000 names in order,
 * as a client of an object store that never asks for the next page. Over the reference
 * {@code mem:} storage. Must fail F14 only.
 */
public final class PagedListingStorageProvider implements StorageProvider {
  static final int PAGE = 1_000;

  @Override
  public String name() {
    return "first-page-only";
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
    return new ForwardingStorage(new InMemoryStorageProvider().open(uri, options)) {
      @Override
      public List<FileInfo> list(URI dir) throws IOException {
        return delegate.list(dir).stream().sorted(Comparator.comparing(FileInfo::name)).limit(PAGE).toList();
      }
    };
  }
}
