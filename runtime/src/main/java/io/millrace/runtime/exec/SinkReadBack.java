package io.millrace.runtime.exec;

import io.millrace.api.AnalysisException;
import io.millrace.api.SinkTable;
import io.millrace.runtime.Engine;
import io.millrace.spi.Options;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.ReadableSinkProvider;
import io.millrace.spi.sink.SinkContext;
import io.millrace.spi.sink.SinkProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;

/**
 * Reads a query's sink back through its provider, with the same options, query id and schema
 * the sink was created with, so it reads the table the query writes.
 */
final class SinkReadBack {
  private final String description;
  private final Optional<ReadableSinkProvider> provider;
  private final SinkContext context;
  private final String whyNot;

  private SinkReadBack(String description, Optional<ReadableSinkProvider> provider, SinkContext context, String whyNot) {
    this.description = description;
    this.provider = provider;
    this.context = context;
    this.whyNot = whyNot;
  }

  static SinkReadBack of(Engine engine, QuerySpec spec, String queryId, Schema schema) {
    if (spec.sinkFormat().isEmpty()) {
      return new SinkReadBack("foreachBatch", Optional.empty(), null,
          "the query writes with foreachBatch, so there is no sink table to read back");
    }
    String format = spec.sinkFormat().get();
    String description = "sink '" + format + "'";
    SinkProvider sink = engine.plugins().sink(format);
    SinkContext context = RuntimePluginContext.forSink(engine, Options.of(description, spec.sinkOptions()), queryId,
        schema, spec.outputMode(), spec.queryName());
    if (sink instanceof ReadableSinkProvider readable) {
      return new SinkReadBack(description, Optional.of(readable), context, null);
    }
    return new SinkReadBack(description, Optional.empty(), context, description + " (" + sink.getClass().getName()
        + ") cannot read back what it wrote: its provider does not implement ReadableSinkProvider");
  }

  SinkTable read(int maxRows) {
    if (maxRows < 0) {
      throw new IllegalArgumentException("maxRows must be 0 or more; got " + maxRows);
    }
    ReadableSinkProvider readable = provider.orElseThrow(() -> new AnalysisException(whyNot));
    int ask = maxRows == Integer.MAX_VALUE ? maxRows : maxRows + 1;
    List<Row> rows;
    try {
      rows = readable.readBack(context, ask);
    } catch (IOException e) {
      throw new UncheckedIOException(description + " could not be read back: " + e.getMessage(), e);
    }
    boolean truncated = rows.size() > maxRows;
    return new SinkTable(context.schema(), truncated ? rows.subList(0, maxRows) : rows, truncated);
  }
}
