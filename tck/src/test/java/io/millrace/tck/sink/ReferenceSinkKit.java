package io.millrace.tck.sink;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.SinkProvider;
import io.millrace.tck.TckStorage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A kit writing under a fresh temporary {@code file:} directory (the TCK's reference disk
 * storage, so that a child JVM reaches it too), for the reference sink and the broken ones.
 * Its read-back is every data file, or, for sinks that commit with a marker, the marked ones.
 */
class ReferenceSinkKit implements SinkKit {
  private final SinkProvider provider;
  private final boolean markedOnly;
  private final URI path;
  private long sequence;

  ReferenceSinkKit(SinkProvider provider) {
    this(provider, false);
  }

  ReferenceSinkKit(SinkProvider provider, boolean markedOnly) {
    this.provider = provider;
    this.markedOnly = markedOnly;
    try {
      this.path = Files.createTempDirectory("millrace-tck-sink-").toUri();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public SinkProvider provider() {
    return provider;
  }

  @Override
  public Map<String, String> options() {
    return Map.of("path", path.toString());
  }

  @Override
  public Schema schema() {
    return Schema.parse("id LONG NOT NULL, value STRING");
  }

  @Override
  public List<Row> rows(int count, Random random) {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      rows.add(Row.of(sequence++, "v" + random.nextInt(1000)));
    }
    return rows;
  }

  @Override
  public List<Row> readBack() throws IOException {
    return markedOnly ? RowFiles.readCommitted(path) : RowFiles.readAll(path);
  }

  @Override
  public void close() throws IOException {
    TckStorage.forUri(path).delete(path);
  }
}
