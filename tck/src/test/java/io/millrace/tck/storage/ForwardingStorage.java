package io.millrace.tck.storage;

import io.millrace.spi.storage.AtomicOutputStream;
import io.millrace.spi.storage.FileInfo;
import io.millrace.spi.storage.Storage;
import io.millrace.spi.storage.StorageCapabilities;
import io.millrace.spi.storage.StorageLock;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.List;
import java.util.Optional;

/** A storage that passes every call to another; the broken storages override the calls they get wrong. */
abstract class ForwardingStorage implements Storage {
  protected final Storage delegate;

  ForwardingStorage(Storage delegate) {
    this.delegate = delegate;
  }

  @Override
  public StorageCapabilities capabilities() {
    return delegate.capabilities();
  }

  @Override
  public AtomicOutputStream create(URI path) throws IOException {
    return delegate.create(path);
  }

  @Override
  public InputStream open(URI path) throws IOException {
    return delegate.open(path);
  }

  @Override
  public Optional<FileInfo> status(URI path) throws IOException {
    return delegate.status(path);
  }

  @Override
  public List<FileInfo> list(URI dir) throws IOException {
    return delegate.list(dir);
  }

  @Override
  public boolean delete(URI path) throws IOException {
    return delegate.delete(path);
  }

  @Override
  public void mkdirs(URI dir) throws IOException {
    delegate.mkdirs(dir);
  }

  @Override
  public Optional<StorageLock> tryLock(URI path) throws IOException {
    return delegate.tryLock(path);
  }

  @Override
  public int deleteAbandonedWrites(URI dir) throws IOException {
    return delegate.deleteAbandonedWrites(dir);
  }
}
