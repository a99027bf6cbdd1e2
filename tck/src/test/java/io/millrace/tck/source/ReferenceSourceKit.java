package io.millrace.tck.source;

import io.millrace.spi.data.Row;
import io.millrace.spi.source.SourceProvider;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** A kit over a fresh {@link ReferenceLogs} log, for the reference source and the broken ones built on it. */
final class ReferenceSourceKit implements SourceKit {
  private final SourceProvider provider;
  private final String log = "log-" + UUID.randomUUID();
  private long sequence;

  ReferenceSourceKit(SourceProvider provider) {
    this.provider = provider;
    ReferenceLogs.create(log);
  }

  @Override
  public SourceProvider provider() {
    return provider;
  }

  @Override
  public Map<String, String> options() {
    return Map.of("log", log, "numPartitions", "3");
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
  public URI scratchRoot() {
    return URI.create("mem:/tck/" + UUID.randomUUID() + "/");
  }

  @Override
  public void close() {
    ReferenceLogs.remove(log);
  }
}
