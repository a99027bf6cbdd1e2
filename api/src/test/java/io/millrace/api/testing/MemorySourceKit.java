package io.millrace.api.testing;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.SourceProvider;
import io.millrace.tck.source.SourceKit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Puts rows into a fresh {@link MemoryStream} per rule, read in three partitions. */
final class MemorySourceKit implements SourceKit {
  private final MemoryStream stream = MemoryStream.create("tck-" + UUID.randomUUID(), Schema.parse("id LONG NOT NULL, word STRING"));
  private long sequence;

  @Override
  public SourceProvider provider() {
    return new MemorySourceProvider();
  }

  @Override
  public Map<String, String> options() {
    return Map.of("name", stream.name(), "numPartitions", "3");
  }

  @Override
  public List<Row> append(int count) {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < count; i++, sequence++) {
      rows.add(Row.of(sequence, "word " + sequence));
    }
    stream.addData(rows);
    return rows;
  }

  /** The stream lives in this JVM: a child JVM would find no stream of that name. */
  @Override
  public boolean reachableFromAnotherProcess() {
    return false;
  }

  @Override
  public void close() {
    MemoryStream.remove(stream.name());
  }
}
