package io.millrace.source.file;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.InputPartition;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.PartitionReader;
import io.millrace.spi.source.ReadLimit;
import io.millrace.spi.source.Source;
import io.millrace.tck.TckStorage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Creates file sources over a test directory and reads their ranges the way the engine does. */
final class TestSources {
  private static final int DEFAULT_MIN_BATCHES_TO_RETAIN = 100;

  private TestSources() {}

  /** A source on the local storage with the runtime's default {@code minBatchesToRetain}, 100. */
  static Source open(Path input, Path metadata, String schema, String... options) {
    return open(input, metadata, DEFAULT_MIN_BATCHES_TO_RETAIN, schema, options);
  }

  /** A source on the local storage whose context answers {@code minBatchesToRetain}. */
  static Source open(Path input, Path metadata, int minBatchesToRetain, String schema, String... options) {
    return new FileSourceProvider().create(new TestContext(optionMap(input, options),
        Optional.ofNullable(schema).map(Schema::parse), metadata.toUri(), TckStorage::forUri, minBatchesToRetain));
  }

  private static Map<String, String> optionMap(Path input, String... options) {
    Map<String, String> map = new HashMap<>();
    map.put("path", input.toString());
    for (int i = 0; i < options.length; i += 2) {
      map.put(options[i], options[i + 1]);
    }
    return map;
  }

  static List<Row> read(Source source, Offset start, Offset end) throws IOException {
    List<Row> rows = new ArrayList<>();
    for (InputPartition partition : source.planInputPartitions(start, end)) {
      try (PartitionReader reader = source.createReader(partition)) {
        while (reader.next()) {
          rows.add(reader.get());
        }
      }
    }
    return rows;
  }

  /** One batch: the next offset under the source's own limit, and its rows. */
  static Batch next(Source source, Offset start) throws IOException {
    return next(source, start, source.defaultReadLimit());
  }

  static Batch next(Source source, Offset start, ReadLimit limit) throws IOException {
    Offset end = source.latestOffset(start, limit);
    return new Batch(end, read(source, start, end));
  }

  record Batch(Offset end, List<Row> rows) {}
}
