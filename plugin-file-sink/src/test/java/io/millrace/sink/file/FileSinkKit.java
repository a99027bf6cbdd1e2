package io.millrace.sink.file;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
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
 * A fresh output directory per TCK rule, partitioned by {@code key}, read back through the
 * manifest log (the commit point) with the format's own library. The schema has a STRUCT of
 * TIMESTAMPs so every rule also exercises the type mapping; {@code compactInterval} 3 makes the
 * rules cross compactions.
 */
final class FileSinkKit implements SinkKit {
  static final Schema SCHEMA =
      Schema.parse("id LONG NOT NULL, window STRUCT<start TIMESTAMP, end TIMESTAMP>, key STRING, amount DOUBLE");

  private final SinkProvider provider;
  private final String format;
  private final Path dir;
  private long sequence;

  FileSinkKit(SinkProvider provider) {
    this.provider = provider;
    this.format = provider.name();
    try {
      this.dir = Files.createTempDirectory("file-sink-tck-");
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  Path output() {
    return dir.resolve("out");
  }

  @Override
  public SinkProvider provider() {
    return provider;
  }

  @Override
  public Map<String, String> options() {
    return Map.of("path", output().toString(), "partitionBy", "key", "compactInterval", "3");
  }

  @Override
  public Schema schema() {
    return SCHEMA;
  }

  @Override
  public List<Row> rows(int count, Random random) {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      long start = 60_000_000L * random.nextInt(1000);
      rows.add(Row.of(sequence++, Row.of(start, start + 60_000_000L), random.nextInt(5) == 0 ? null : "k" + random.nextInt(3),
          random.nextDouble()));
    }
    return rows;
  }

  /** The rows of the files the manifest names. */
  @Override
  public List<Row> readBack() throws IOException {
    return OutputFiles.rows(format, output(), OutputFiles.byManifest(output()), SCHEMA);
  }

  /** Each rule's query owns its directory, as in Spark: another query id is refused. */
  @Override
  public boolean severalQueriesPerTable() {
    return false;
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
