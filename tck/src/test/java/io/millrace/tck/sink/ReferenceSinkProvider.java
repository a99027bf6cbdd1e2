package io.millrace.tck.sink;

import io.millrace.spi.Spi;
import io.millrace.spi.data.Row;
import io.millrace.spi.sink.ReadableSinkProvider;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.SinkContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.List;

/**
 * The reference sink, writing under the storage URI given as the option {@code path}, and
 * reading back what is there.
 */
public class ReferenceSinkProvider implements ReadableSinkProvider {

  @Override
  public String name() {
    return "tck-reference";
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  @Override
  public Sink create(SinkContext context) {
    URI path = URI.create(context.options().require("path"));
    try {
      return create(context, path);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  Sink create(SinkContext context, URI path) throws IOException {
    return new ReferenceSink(context.storage(path), path, context.queryId(), context.faultInjector());
  }

  @Override
  public List<Row> readBack(SinkContext context, int maxRows) throws IOException {
    List<Row> rows = RowFiles.readAll(URI.create(context.options().require("path")));
    return rows.subList(0, Math.min(maxRows, rows.size()));
  }
}
