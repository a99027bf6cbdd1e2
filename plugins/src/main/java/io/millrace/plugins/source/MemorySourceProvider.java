package io.millrace.plugins.source;

import io.millrace.plugins.KnownOptions;
import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.Options;
import io.millrace.spi.Spi;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceContext;
import io.millrace.spi.source.SourceProvider;

/**
 * The {@code memory} source: reads the {@link MemoryStream} named by the option {@code name}.
 *
 * <p>Options: {@code name} (required), {@code numPartitions} (default 1, at least 1) and
 * {@code maxRowsPerTrigger} (unset by default, at least 1). A schema given with
 * {@code readStream().schema(..)} must equal the stream's.
 */
public final class MemorySourceProvider implements SourceProvider {
  static final String NAME = "name";

  public MemorySourceProvider() {}

  @Override
  public String name() {
    return "memory";
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  @Override
  public String description() {
    return "rows added to a MemoryStream in this JVM (for tests and embedding)";
  }

  @Override
  public Source create(SourceContext context) {
    Options options = context.options();
    KnownOptions.check(options, NAME, RowSourceOptions.NUM_PARTITIONS, RowSourceOptions.MAX_ROWS_PER_TRIGGER);
    String name = options.require(NAME);
    MemoryStream stream = MemoryStream.find(name).orElseThrow(() -> new InvalidOptionException(NAME, "option '" + NAME
        + "' of " + options.owner() + " is '" + name + "', but there is no memory stream of that name; existing streams: "
        + MemoryStream.existingNames()));
    RowSourceOptions settings = RowSourceOptions.read(options);
    RowSourceOptions.checkUserSchema(context, stream.schema(), "memory stream '" + name + "'");
    return new MemorySource(stream, settings, options.owner());
  }
}
