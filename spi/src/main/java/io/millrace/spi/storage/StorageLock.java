package io.millrace.spi.storage;

import java.io.IOException;

/** An exclusive lock from {@link Storage#tryLock}; closing releases it. */
public interface StorageLock extends AutoCloseable {
  @Override
  void close() throws IOException;
}
