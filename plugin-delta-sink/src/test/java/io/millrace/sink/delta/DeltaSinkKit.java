package io.millrace.sink.delta;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.sink.SinkProvider;
import io.millrace.tck.sink.SinkKit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

/**
 * A fresh local Delta table per TCK rule, read back with Delta Kernel. The schema has a window
 * STRUCT and a TIMESTAMP so that every rule also exercises the type mapping.
 */
final class DeltaSinkKit implements SinkKit {
  private static final Schema SCHEMA =
      Schema.parse("id LONG NOT NULL, window STRUCT<start TIMESTAMP, end TIMESTAMP>, key STRING, amount DOUBLE");

  private final Path dir;
  private final OutputMode mode;
  private long sequence;

  DeltaSinkKit(OutputMode mode) {
    this.mode = mode;
    try {
      this.dir = Files.createTempDirectory("delta-tck-");
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Override
  public SinkProvider provider() {
    return new DeltaSinkProvider();
  }

  @Override
  public Map<String, String> options() {
    return Map.of("path", dir.resolve("table").toString());
  }

  @Override
  public Schema schema() {
    return SCHEMA;
  }

  @Override
  public OutputMode outputMode() {
    return mode;
  }

  @Override
  public List<Row> rows(int count, Random random) {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      long start = 60_000_000L * random.nextInt(1000);
      rows.add(Row.of(sequence++, Row.of(start, start + 60_000_000L), "k" + random.nextInt(10),
          random.nextDouble()));
    }
    return rows;
  }

  @Override
  public List<Row> readBack() throws IOException {
    return new DeltaTableReader(dir.resolve("table").toString()).rows(SCHEMA);
  }

  @Override
  public void close() throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
