package io.millrace.tck.sink;

import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.SinkContext;
import java.io.IOException;
import java.net.URI;

/** The per-task reference sink; reads back as the reference sink does. */
public class ReferenceTaskSinkProvider extends ReferenceSinkProvider {

  @Override
  public String name() {
    return "tck-reference-per-task";
  }

  @Override
  Sink create(SinkContext context, URI path) throws IOException {
    return new ReferenceTaskSink(context.storage(path), path, context.queryId(), context.faultInjector());
  }
}
