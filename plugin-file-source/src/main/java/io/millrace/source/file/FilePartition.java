package io.millrace.source.file;

import io.millrace.spi.source.InputPartition;
import java.net.URI;

/**
 * One whole input file of a batch. Only its first {@code size} bytes are read, the length the
 * source log recorded, so a replay reads the same rows even if the file grew since.
 */
record FilePartition(URI path, long size, long logOffset) implements InputPartition {

  @Override
  public String describe() {
    return "file " + path + " (" + size + " bytes, source log entry " + logOffset + ")";
  }
}
