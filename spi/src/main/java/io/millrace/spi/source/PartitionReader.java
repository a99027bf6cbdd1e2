package io.millrace.spi.source;

import io.millrace.spi.data.Row;
import java.io.IOException;

/**
 * Reads the rows of one {@link InputPartition}, in the style of a cursor: call {@link #next()}
 * and, when it returns true, {@link #get()}. Used by one thread at a time.
 */
public interface PartitionReader extends AutoCloseable {

  /** Moves to the next row; false when there are no more. */
  boolean next() throws IOException;

  /** The current row, of the source's {@link Source#schema()}. */
  Row get();

  @Override
  void close() throws IOException;
}
