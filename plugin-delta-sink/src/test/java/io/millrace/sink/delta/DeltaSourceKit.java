package io.millrace.sink.delta;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.SourceProvider;
import io.millrace.tck.source.SourceKit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The TCK kit: a fresh local Delta table per rule, partitioned by {@code key}, created empty by
 * Delta Kernel so the source can be created before the first append; each append is one commit
 * of this module's Delta sink. Rows carry a sequence number, a partition value and a timestamp,
 * so every rule also reads partition values and the type mapping back.
 */
final class DeltaSourceKit implements SourceKit {
  static final Schema SCHEMA = Schema.parse("id LONG NOT NULL, key STRING, at TIMESTAMP, amount DOUBLE");

  private final Path dir;
  private final DeltaTables table;
  private long sequence;

  DeltaSourceKit() {
    try {
      dir = Files.createTempDirectory("delta-source-tck-");
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    table = new DeltaTables(dir.resolve("table"), SCHEMA, List.of("key")).create();
  }

  @Override
  public SourceProvider provider() {
    return new DeltaSourceProvider();
  }

  @Override
  public Map<String, String> options() {
    return Map.of("path", table.path());
  }

  @Override
  public List<Row> append(int count) throws IOException {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      long id = sequence++;
      rows.add(Row.of(id, "k" + id % 3, 1_700_000_000_000_000L + id, id * 0.5));
    }
    table.append(rows);
    return rows;
  }

  @Override
  public void close() throws IOException {
    table.close();
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }
}
