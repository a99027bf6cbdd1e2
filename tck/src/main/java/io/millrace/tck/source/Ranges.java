package io.millrace.tck.source;

import static org.junit.jupiter.api.Assertions.fail;

import io.millrace.spi.data.Row;
import io.millrace.spi.source.InputPartition;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.PartitionReader;
import io.millrace.spi.source.Source;
import java.util.ArrayList;
import java.util.List;

/** Reads a range of a source the way the engine does: plan the partitions, then one reader each. */
final class Ranges {
  private Ranges() {}

  /** The rows of {@code (start, end]}, one list per planned partition, in planned order. */
  static List<List<Row>> byPartition(String rule, Source source, Offset start, Offset end) {
    List<List<Row>> partitions = new ArrayList<>();
    try {
      for (InputPartition partition : source.planInputPartitions(start, end)) {
        List<Row> rows = new ArrayList<>();
        try (PartitionReader reader = source.createReader(partition)) {
          while (reader.next()) {
            rows.add(reader.get());
          }
        }
        partitions.add(rows);
      }
    } catch (Exception e) {
      fail(rule + " reading (" + start.json() + ", " + end.json() + "] failed: " + e, e);
    }
    return partitions;
  }

  /** The rows of {@code (start, end]}, every partition's in turn. */
  static List<Row> all(String rule, Source source, Offset start, Offset end) {
    return flatten(byPartition(rule, source, start, end));
  }

  static List<Row> flatten(List<List<Row>> partitions) {
    List<Row> rows = new ArrayList<>();
    partitions.forEach(rows::addAll);
    return rows;
  }
}
