package io.millrace.tck.sink;

import io.millrace.spi.Spi;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.SinkContext;
import io.millrace.spi.sink.SinkProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;

/** The reference sink, writing under the storage URI given as the option {@code path}. */
public class ReferenceSinkProvider implements SinkProvider {

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
    return new ReferenceSink(context.storage(path), path, context.faultInjector());
  }
}
