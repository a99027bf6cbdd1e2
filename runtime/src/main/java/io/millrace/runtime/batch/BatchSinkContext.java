package io.millrace.runtime.batch;

import io.millrace.runtime.Engine;
import io.millrace.spi.Options;
import io.millrace.spi.data.Schema;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.sink.SinkContext;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.net.URI;
import java.util.Optional;

/** The context of a sink that {@code write().save()} creates for one batch: the query's id, the session's storage and fault hook. */
record BatchSinkContext(Engine engine, Options options, String queryId, Schema schema, OutputMode outputMode,
    Optional<String> queryName) implements SinkContext {

  @Override
  public Storage storage(URI uri) throws IOException {
    return engine.storage(uri);
  }

  @Override
  public FaultInjector faultInjector() {
    return engine.faults();
  }
}
