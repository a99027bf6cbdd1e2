package io.millrace.sink.delta;

import io.millrace.spi.Spi;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceContext;
import io.millrace.spi.source.SourceProvider;

/**
 * Provides the {@code delta} source: reads a Delta table as Spark's Delta source does for
 * append-only tables. Options: {@code path} (required), {@code startingVersion},
 * {@code versionAsOf}, {@code skipChangeCommits}, {@code ignoreDeletes}, {@code ignoreChanges}
 * and {@code hadoop.<key>}; see {@link DeltaSourceOptions}.
 */
public final class DeltaSourceProvider implements SourceProvider {

  /** Public and argument-free for {@link java.util.ServiceLoader}; does no work. */
  public DeltaSourceProvider() {}

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
    return "Delta Lake table reader on Delta Kernel (a snapshot, then the files later commits append)";
  }

  @Override
  public Source create(SourceContext context) {
    if (context.userSchema().isPresent()) {
      throw new io.millrace.spi.MillraceException("source 'delta' takes its schema from the Delta table's log;"
          + " remove the schema given with readStream().schema(..)");
    }
    return new DeltaSource(DeltaSourceOptions.read(context.options()));
  }
}
