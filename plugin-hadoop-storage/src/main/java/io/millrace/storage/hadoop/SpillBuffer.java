package io.millrace.storage.hadoop;

import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Holds the bytes of an object until it is written in one piece: in memory up to a limit, then
 * in a local temporary file, so a large object costs disk rather than heap. Used by one thread
 * at a time; {@link #close()} removes the file.
 */
final class SpillBuffer implements AutoCloseable {
  private final int memoryLimit;
  private ByteArrayOutputStream memory = new ByteArrayOutputStream();
  private Path file;
  private OutputStream fileOut;
  private long size;

  /** A buffer that spills to a temporary file once it holds more than {@code memoryLimit} bytes. */
  SpillBuffer(int memoryLimit) {
    this.memoryLimit = memoryLimit;
  }

  void write(int b) throws IOException {
    write(new byte[] {(byte) b}, 0, 1);
  }

  void write(byte[] b, int off, int len) throws IOException {
    if (fileOut == null && memory.size() + (long) len > memoryLimit) {
      spill();
    }
    if (fileOut != null) {
      fileOut.write(b, off, len);
    } else {
      memory.write(b, off, len);
    }
    size += len;
  }

  private void spill() throws IOException {
    file = Files.createTempFile("millrace-hadoop-object-", ".buf");
    fileOut = new BufferedOutputStream(Files.newOutputStream(file), 64 * 1024);
    memory.writeTo(fileOut);
    memory = null;
  }

  /** The number of bytes written. */
  long size() {
    return size;
  }

  /** Everything written so far, from the start. */
  InputStream read() throws IOException {
    if (fileOut == null) {
      return new ByteArrayInputStream(memory.toByteArray());
    }
    fileOut.flush();
    return Files.newInputStream(file);
  }

  /** Drops the bytes and removes the temporary file, if there is one. */
  @Override
  public void close() throws IOException {
    memory = null;
    if (fileOut != null) {
      try {
        fileOut.close();
      } finally {
        Files.deleteIfExists(file);
      }
    }
  }
}
