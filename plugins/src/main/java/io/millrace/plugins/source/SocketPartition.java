package io.millrace.plugins.source;

import io.millrace.spi.source.InputPartition;
import java.util.List;

/**
 * Lines {@code range} of a socket source, carried in the partition itself: no other instance
 * could read them again, so a reader in another process reads them from here.
 */
record SocketPartition(RowRange range, List<String> lines, long[] arrivedMicros, boolean includeTimestamp)
    implements InputPartition {

  SocketPartition {
    lines = List.copyOf(lines);
  }

  @Override
  public String describe() {
    return "socket " + range;
  }
}
