package io.millrace.plugins.source;

import io.millrace.spi.MillraceException;
import io.millrace.spi.Options;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.ReadLimit;
import io.millrace.spi.source.SourceContext;
import java.util.OptionalLong;

/**
 * The settings both row-counting sources share.
 *
 * @param numPartitions how many partitions a batch is split into, at most ({@code numPartitions}, default 1)
 * @param maxRowsPerTrigger the most rows one batch takes, if set ({@code maxRowsPerTrigger})
 */
record RowSourceOptions(int numPartitions, OptionalLong maxRowsPerTrigger) {
  static final String NUM_PARTITIONS = "numPartitions";
  static final String MAX_ROWS_PER_TRIGGER = "maxRowsPerTrigger";

  static RowSourceOptions read(Options options) {
    int numPartitions = options.getInt(NUM_PARTITIONS, 1);
    if (numPartitions < 1) {
      throw options.invalid(NUM_PARTITIONS, String.valueOf(numPartitions), "a whole number >= 1");
    }
    OptionalLong maxRows = options.contains(MAX_ROWS_PER_TRIGGER)
        ? OptionalLong.of(options.getLong(MAX_ROWS_PER_TRIGGER, 1, 1))
        : OptionalLong.empty();
    return new RowSourceOptions(numPartitions, maxRows);
  }

  ReadLimit readLimit() {
    return maxRowsPerTrigger.isPresent() ? ReadLimit.maxRows(maxRowsPerTrigger.getAsLong()) : ReadLimit.allAvailable();
  }

  /** Refuses a schema given with {@code readStream().schema(..)} that is not the source's own. */
  static void checkUserSchema(SourceContext context, Schema actual, String whose) {
    context.userSchema().ifPresent(given -> {
      if (!given.equals(actual)) {
        throw new MillraceException(context.options().owner() + ": the schema given with readStream().schema(..) is '"
            + given.toDdl() + "' but " + whose + " has the schema '" + actual.toDdl() + "'; leave the schema out or make them equal");
      }
    });
  }
}
