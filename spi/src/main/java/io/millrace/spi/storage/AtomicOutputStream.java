package io.millrace.spi.storage;

import java.io.IOException;
import java.io.OutputStream;

/**
 * A stream whose bytes become visible at the target path all at once, on {@link #commit()}.
 * {@link #close()} without a commit abandons the write and removes any temporary data, so a
 * try-with-resources block that throws publishes nothing.
 */
public abstract class AtomicOutputStream extends OutputStream {

  /**
   * Makes the written bytes durable and visible at the target path.
   *
   * @throws java.nio.file.FileAlreadyExistsException if the target exists; it is left as it was
   */
  public abstract void commit() throws IOException;

  /** Abandons the write. Safe to call more than once and after a failed commit. */
  public abstract void abort();

  /** Abandons the write unless it was committed. */
  @Override
  public void close() throws IOException {
    abort();
  }
}
