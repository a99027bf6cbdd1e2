package io.millrace.tck.source;

import io.millrace.spi.data.Row;
import io.millrace.spi.source.SourceProvider;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A kit over a fresh {@link ReferenceLogs} log on local disk, each append a segment of its own,
 * for the reference source and the broken ones built on it. Its scratch root is the default, a
 * temporary {@code file:} directory, which a child JVM reaches too.
 */
final class ReferenceSourceKit implements SourceKit {
  private final SourceProvider provider;
  private final Path log = ReferenceLogs.create();
  private long sequence;

  ReferenceSourceKit(SourceProvider provider) {
    this.provider = provider;
  }

  @Override
  public SourceProvider provider() {
    return provider;
  }

  @Override
  public Map<String, String> options() {
    return Map.of("log", log.toString(), "numPartitions", "3");
  }

  @Override
  public List<Row> append(int count) {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < count; i++, sequence++) {
      rows.add(Row.of(sequence, "row " + sequence));
    }
    ReferenceLogs.append(log, rows);
    return rows;
  }

  @Override
  public void close() {
    ReferenceLogs.remove(log);
  }
}
