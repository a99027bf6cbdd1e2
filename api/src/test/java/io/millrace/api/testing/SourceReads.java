package io.millrace.api.testing;

import io.millrace.spi.data.Row;
import io.millrace.spi.source.InputPartition;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.PartitionReader;
import io.millrace.spi.source.Source;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Reads ranges of a source the way the runtime does: plan the partitions, then read each. */
final class SourceReads {

  private SourceReads() {}

  /** The rows of {@code (start, end]}, partition by partition, in planned order. */
  static List<List<Row>> byPartition(Source source, Offset start, Offset end) throws IOException {
    List<List<Row>> partitions = new ArrayList<>();
    for (InputPartition partition : source.planInputPartitions(start, end)) {
      List<Row> rows = new ArrayList<>();
      try (PartitionReader reader = source.createReader(partition)) {
        while (reader.next()) {
          rows.add(reader.get());
        }
      }
      partitions.add(rows);
    }
    return partitions;
  }

  /** The rows of {@code (start, end]}, all partitions in planned order. */
  static List<Row> all(Source source, Offset start, Offset end) throws IOException {
    List<Row> rows = new ArrayList<>();
    byPartition(source, start, end).forEach(rows::addAll);
    return rows;
  }
}
