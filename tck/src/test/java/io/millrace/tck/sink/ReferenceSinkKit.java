package io.millrace.tck.sink;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.SinkProvider;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

/** A kit writing under a fresh {@code mem:} directory, for the reference sink and the broken ones. */
final class ReferenceSinkKit implements SinkKit {
  private final SinkProvider provider;
  private final URI path = URI.create("mem:/tck/" + UUID.randomUUID() + "/");
  private long sequence;

  ReferenceSinkKit(SinkProvider provider) {
    this.provider = provider;
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
    return RowFiles.readAll(path);
  }
}
