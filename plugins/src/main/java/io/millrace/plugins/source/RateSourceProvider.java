package io.millrace.plugins.source;

import io.millrace.plugins.KnownOptions;
import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.MillraceException;
import io.millrace.spi.Options;
import io.millrace.spi.Spi;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceContext;
import io.millrace.spi.source.SourceProvider;
import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The {@code rate} source: {@code timestamp TIMESTAMP NOT NULL, value LONG NOT NULL}, with row
 * {@code i} holding the value {@code i} and the timestamp
 * {@code start + i * 1_000_000 / rowsPerSecond} (microseconds).
 *
 * <p>Options: {@code rowsPerSecond} (default 1, at least 1), {@code numPartitions} (default 1,
 * at least 1) and {@code maxRowsPerTrigger} (unset by default, at least 1).
 *
 * <p>The start time is fixed at the query's first run and kept, with the rate, in
 * {@code rate-start} in the source's metadata directory, so replays and restarts compute the
 * same rows. Because rows are derived from the rate, a restart with another
 * {@code rowsPerSecond} is refused; a new rate needs a new checkpoint.
 */
public final class RateSourceProvider implements SourceProvider {
  static final String ROWS_PER_SECOND = "rowsPerSecond";
  static final String START_FILE = "rate-start";

  private final LongSupplier nowMicros;

  public RateSourceProvider() {
    this(RateSourceProvider::systemMicros);
  }

  /** A provider whose sources read the time, in microseconds since the epoch, from {@code nowMicros}. */
  RateSourceProvider(LongSupplier nowMicros) {
    this.nowMicros = nowMicros;
  }

  private static long systemMicros() {
    Instant now = Instant.now();
    return now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000;
  }

  @Override
  public String name() {
    return "rate";
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  @Override
  public String description() {
    return "rowsPerSecond rows of (timestamp, value) a second, for tests and benchmarks";
  }

  @Override
  public Source create(SourceContext context) {
    Options options = context.options();
    KnownOptions.check(options, ROWS_PER_SECOND, RowSourceOptions.NUM_PARTITIONS, RowSourceOptions.MAX_ROWS_PER_TRIGGER);
    long rowsPerSecond = options.getLong(ROWS_PER_SECOND, 1, 1);
    RowSourceOptions settings = RowSourceOptions.read(options);
    RowSourceOptions.checkUserSchema(context, RateSource.SCHEMA, "the rate source");
    URI file = child(context.metadataPath(), START_FILE);
    // The start is the moment the source is created; only its recording waits for the first batch.
    RateSchedule fresh = new RateSchedule(nowMicros.getAsLong(), rowsPerSecond);
    Supplier<RateSchedule> schedule = () -> startSchedule(context, file, fresh);
    if (exists(context, file)) {
      // A restart: check the recorded rate now, so a changed rate fails at start.
      RateSchedule recorded = checkRate(options, rowsPerSecond, schedule.get());
      return new RateSource(() -> recorded, settings, nowMicros, options.owner());
    }
    // A new checkpoint records its start time at the first batch, not here: a query that fails
    // to start must leave the checkpoint as it was.
    return new RateSource(memoize(() -> checkRate(options, rowsPerSecond, schedule.get())), settings, nowMicros,
        options.owner());
  }

  private static RateSchedule checkRate(Options options, long rowsPerSecond, RateSchedule schedule) {
    if (schedule.rowsPerSecond() != rowsPerSecond) {
      throw new InvalidOptionException(ROWS_PER_SECOND, "option '" + ROWS_PER_SECOND + "' of " + options.owner() + " is "
          + rowsPerSecond + " but this checkpoint started at " + schedule.rowsPerSecond() + " rows a second; rows and their"
          + " timestamps derive from the rate, so it cannot change: set it back or use a new checkpoint");
    }
    return schedule;
  }

  private static <T> Supplier<T> memoize(Supplier<T> supplier) {
    return new Supplier<T>() {
      private T value;

      @Override
      public synchronized T get() {
        if (value == null) {
          value = supplier.get();
        }
        return value;
      }
    };
  }

  private static boolean exists(SourceContext context, URI file) {
    try {
      return context.storage(file).status(file).isPresent();
    } catch (IOException e) {
      throw new MillraceException(context.options().owner() + " cannot look for its start time at " + file + ": " + e, e);
    }
  }

  private static RateSchedule startSchedule(SourceContext context, URI file, RateSchedule fresh) {
    try {
      return RateStartFile.loadOrCreate(context.storage(file), file, fresh);
    } catch (IOException e) {
      throw new MillraceException(context.options().owner() + " cannot read or write its start time at " + file + ": " + e, e);
    }
  }

  private static URI child(URI dir, String name) {
    String base = dir.toString();
    return URI.create(base.endsWith("/") ? base + name : base + "/" + name);
  }
}
