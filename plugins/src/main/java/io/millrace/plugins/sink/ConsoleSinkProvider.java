package io.millrace.plugins.sink;

import io.millrace.plugins.KnownOptions;
import io.millrace.spi.Options;
import io.millrace.spi.Spi;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.SinkContext;
import io.millrace.spi.sink.SinkProvider;
import java.io.PrintStream;
import java.util.function.Supplier;

/**
 * The {@code console} sink: prints every batch to standard output like Spark's console sink,
 * a {@code Batch: N} banner and then the rows as {@code show()} lays them out.
 *
 * <p>Options: {@code numRows} (default 20, at least 0), the most rows printed per batch; and
 * {@code truncate} (default true), whether cells are cut at 20 characters. At-least-once: a
 * replayed batch is printed again.
 */
public final class ConsoleSinkProvider implements SinkProvider {
  static final String NUM_ROWS = "numRows";
  static final String TRUNCATE = "truncate";

  private final Supplier<PrintStream> out;

  public ConsoleSinkProvider() {
    // Looked up per batch, so that System.setOut is honoured.
    this(() -> System.out);
  }

  /** A provider whose sinks print to {@code out}; tests use it to capture the output. */
  ConsoleSinkProvider(Supplier<PrintStream> out) {
    this.out = out;
  }

  @Override
  public String name() {
    return "console";
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  /** {@inheritDoc} Printed output is for looking at; a rerun printing again is what a user of the console expects. */
  @Override
  public boolean allowsTemporaryCheckpoint() {
    return true;
  }

  @Override
  public String description() {
    return "prints each batch to standard output";
  }

  @Override
  public Sink create(SinkContext context) {
    Options options = context.options();
    KnownOptions.check(options, NUM_ROWS, TRUNCATE);
    int numRows = options.getInt(NUM_ROWS, 20);
    if (numRows < 0) {
      throw options.invalid(NUM_ROWS, String.valueOf(numRows), "a whole number >= 0");
    }
    return new ConsoleSink(context.schema(), numRows, options.getBoolean(TRUNCATE, true), out);
  }
}
