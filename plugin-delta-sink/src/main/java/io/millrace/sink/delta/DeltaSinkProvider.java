package io.millrace.sink.delta;

import io.millrace.spi.MillraceException;
import io.millrace.spi.Spi;
import io.millrace.spi.data.Row;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.sink.ReadableSinkProvider;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.SinkContext;
import java.io.IOException;
import java.util.List;

/**
 * Provides the {@code delta} sink. Options: {@code path} (required; a bare path is local),
 * {@code partitionBy} (comma-separated columns), {@code txnAppId} (default: the query id) and
 * {@code hadoop.<key>} entries copied into the Hadoop configuration Kernel's engine uses. It reads
 * the table back with Delta Kernel for {@code millrace run --show} and the TCK.
 */
public final class DeltaSinkProvider implements ReadableSinkProvider {

  /** Public and argument-free for {@link java.util.ServiceLoader}; does no work. */
  public DeltaSinkProvider() {}

  @Override
  public String name() {
    return "delta";
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  @Override
  public String description() {
    return "exactly-once Delta Lake table writer on Delta Kernel (append, complete)";
  }

  @Override
  public Sink create(SinkContext context) {
    if (context.outputMode() == OutputMode.UPDATE) {
      throw new MillraceException("sink 'delta' cannot write output mode update: Delta Kernel's write path has no"
          + " merge by key, so a changed row could only be appended next to its earlier value and readers would see"
          + " both; use append (with a watermark) or complete");
    }
    DeltaSinkOptions options = DeltaSinkOptions.read(context);
    return new DeltaSink(context, options);
  }

  @Override
  public List<Row> readBack(SinkContext context, int maxRows) throws IOException {
    DeltaSinkOptions options = DeltaSinkOptions.read(context);
    KernelEngine kernel = KernelEngine.create(options.hadoop());
    try {
      return KernelEngine.call(() -> new DeltaTableRows(kernel.engine(), options.path()).read(context.schema(), maxRows));
    } catch (IOException | RuntimeException e) {
      throw new IOException("sink 'delta' cannot read the Delta table at " + options.path() + ": " + e.getMessage(), e);
    }
  }
}
