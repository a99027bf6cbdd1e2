package io.millrace.api;

import io.millrace.api.engine.EngineSettings;
import io.millrace.api.engine.QueryEngine;
import io.millrace.spi.fault.FaultInjector;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The entry point, like Spark's {@code SparkSession}: settings, installed plugins and the
 * queries started from it.
 *
 * <pre>{@code
 * try (MillraceSession session = MillraceSession.builder().config("millrace.shuffle.partitions", "8").build()) {
 *   StreamingQuery q = session.readStream().format("rate").option("rowsPerSecond", "10").load()
 *       .filter("value % 2 = 0")
 *       .writeStream().format("console").option("checkpointLocation", "/tmp/ckpt").start();
 *   q.awaitTermination();
 * }
 * }</pre>
 *
 * <p>The session describes queries; an engine executes them. The engine is found with
 * {@link java.util.ServiceLoader} ({@link io.millrace.api.engine.QueryEngineFactory}): put
 * {@code io.millrace:millrace-runtime} on the class path.
 */
public final class MillraceSession implements AutoCloseable {
  private final QueryEngine engine;
  private final Clock clock;
  private final StreamingQueryManager streams;

  private MillraceSession(EngineSettings settings) {
    this.engine = Engines.create(settings);
    this.clock = settings.clock();
    this.streams = new StreamingQueryManager(engine);
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Starts describing a static table, to join with a stream: {@code read().format("delta").load(path)}. */
  public DataFrameReader read() {
    return new DataFrameReader(this);
  }

  /** Starts describing a stream. */
  public DataStreamReader readStream() {
    return new DataStreamReader(this);
  }

  /** The queries of this session and the listeners that hear about them. */
  public StreamingQueryManager streams() {
    return streams;
  }

  /** The settings this session was built with. */
  public Map<String, String> conf() {
    return engine.conf();
  }

  /**
   * The clock every query of this session reads: the machine's, or the one given to
   * {@link Builder#clock}; the test harness ({@code io.millrace.api.testing.StreamTest}) reads it
   * to advance a manual clock only once the query waits on it.
   */
  public Clock clock() {
    return clock;
  }

  QueryEngine engine() {
    return engine;
  }

  /** Stops every active query, then releases storages and threads. */
  @Override
  public void close() {
    streams.stopAll();
    engine.close();
  }

  /** Collects settings; {@link #build()} makes the session. */
  public static final class Builder {
    private final Map<String, String> conf = new LinkedHashMap<>();
    private FaultInjector faults = FaultInjector.NONE;
    private Clock clock = Clock.system();

    private Builder() {}

    public Builder config(String key, String value) {
      conf.put(key, value);
      return this;
    }

    public Builder config(String key, long value) {
      return config(key, Long.toString(value));
    }

    public Builder config(Map<String, String> values) {
      conf.putAll(values);
      return this;
    }

    /**
     * For crash tests: called at every {@link io.millrace.spi.fault.FaultPoint} of every
     * query of the session, and handed to plugins through their context.
     */
    public Builder faultInjector(FaultInjector injector) {
      this.faults = java.util.Objects.requireNonNull(injector, "injector");
      return this;
    }

    /**
     * For tests: the clock every query of the session reads (trigger intervals, batch
     * timestamps, processing-time timers), such as a {@code io.millrace.api.testing.ManualClock}.
     */
    public Builder clock(Clock clock) {
      this.clock = java.util.Objects.requireNonNull(clock, "clock");
      return this;
    }

    /**
     * A new session; the engine and its plugins are discovered now, so a missing engine or an
     * unusable plugin fails here.
     *
     * @throws IllegalStateException when no engine (or more than one) is on the class path
     */
    public MillraceSession build() {
      return new MillraceSession(new EngineSettings(conf, faults, clock));
    }
  }
}
