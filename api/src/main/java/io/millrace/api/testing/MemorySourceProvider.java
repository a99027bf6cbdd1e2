package io.millrace.api.testing;

import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.MillraceException;
import io.millrace.spi.Options;
import io.millrace.spi.Spi;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceContext;
import io.millrace.spi.source.SourceProvider;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code memory} source: reads the {@link MemoryStream} named by the option {@code name}.
 * It is part of the API's testing support and registered in the runtime's own
 * {@code META-INF/services}, so the engine finds it by name like any other source.
 *
 * <p>Options: {@code name} (required), {@code numPartitions} (default 1, at least 1) and
 * {@code maxRowsPerTrigger} (unset by default, at least 1). A schema given with
 * {@code readStream().schema(..)} must equal the stream's.
 */
public final class MemorySourceProvider implements SourceProvider {
  static final String NAME = "memory";
  static final String STREAM = "name";
  static final String NUM_PARTITIONS = "numPartitions";
  static final String MAX_ROWS_PER_TRIGGER = "maxRowsPerTrigger";
  private static final List<String> KNOWN = List.of(STREAM, NUM_PARTITIONS, MAX_ROWS_PER_TRIGGER);

  public MemorySourceProvider() {}

  @Override
  public String name() {
    return NAME;
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
    refuseUnknownOptions(options);
    String name = options.require(STREAM);
    MemoryStream stream = MemoryStream.find(name).orElseThrow(() -> new InvalidOptionException(STREAM, "option '" + STREAM
        + "' of " + options.owner() + " is '" + name + "', but there is no memory stream of that name; existing streams: "
        + MemoryStream.existingNames()));
    int numPartitions = options.getInt(NUM_PARTITIONS, 1);
    if (numPartitions < 1) {
      throw options.invalid(NUM_PARTITIONS, String.valueOf(numPartitions), "a whole number >= 1");
    }
    Long maxRows = options.contains(MAX_ROWS_PER_TRIGGER) ? options.getLong(MAX_ROWS_PER_TRIGGER, 1, 1) : null;
    context.userSchema().ifPresent(given -> {
      if (!given.equals(stream.schema())) {
        throw new MillraceException(options.owner() + ": the schema given with readStream().schema(..) is '"
            + given.toDdl() + "' but memory stream '" + name + "' has the schema '" + stream.schema().toDdl()
            + "'; leave the schema out or make them equal");
      }
    });
    return new MemorySource(stream, numPartitions, maxRows, options.owner());
  }

  // A misspelt key such as maxRowsPerTriger would otherwise be ignored without a word.
  private static void refuseUnknownOptions(Options options) {
    for (Map.Entry<String, String> option : options.asMap().entrySet()) {
      String key = option.getKey();
      if (KNOWN.stream().noneMatch(k -> k.toLowerCase(Locale.ROOT).equals(key.toLowerCase(Locale.ROOT)))) {
        throw new InvalidOptionException(key, "option '" + key + "' of " + options.owner() + " is not known; known options: "
            + String.join(", ", KNOWN));
      }
    }
  }
}
