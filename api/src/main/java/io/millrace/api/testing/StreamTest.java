package io.millrace.api.testing;

import io.millrace.api.Dataset;
import io.millrace.api.Trigger;
import io.millrace.spi.sink.OutputMode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Drives a streaming query through a test, step by step, as Spark's {@code StreamTest} does:
 *
 * <pre>{@code
 * import static io.millrace.api.testing.StreamAction.*;
 *
 * MemoryStream input = MemoryStream.create(Schema.parse("key STRING"));
 * StreamTest.testStream(input.toDataset(session).groupBy("key").count(), OutputMode.UPDATE).run(
 *     addData(input, Row.of("a"), Row.of("b"), Row.of("a")),
 *     checkAnswer(Row.of("a", 2L), Row.of("b", 1L)),
 *     stopStream(),
 *     addData(input, Row.of("a")),
 *     startStream(),                       // a restart on the same checkpoint
 *     checkNewAnswer(Row.of("a", 3L)));
 * }</pre>
 *
 * <p>Each step runs in turn, waiting as needed for the query to catch up; the first step that
 * fails throws an {@link AssertionError} saying why, with the list of steps (the failing one
 * marked {@code =>}), the query's state, the batches its sink received, its last progress and
 * its exception. The query writes to a sink of the harness (through {@code foreachBatch}) that
 * keeps each batch apart, and runs on a checkpoint in a temporary directory that lives as long
 * as the test, so that {@link StreamAction#stopStream} then {@link StreamAction#startStream} is
 * a real restart. Whatever happens, the query is stopped and the directory deleted at the end.
 */
public final class StreamTest {
  /** How long a step waits for the query, as Spark's {@code streamingTimeout}; only failing tests wait so long. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

  private final Dataset dataset;
  private final OutputMode outputMode;
  private Duration timeout = DEFAULT_TIMEOUT;
  private String queryName;

  private StreamTest(Dataset dataset, OutputMode outputMode) {
    this.dataset = Objects.requireNonNull(dataset, "dataset");
    this.outputMode = Objects.requireNonNull(outputMode, "outputMode");
  }

  /** A test of the query over {@code dataset} in {@code outputMode}. */
  public static StreamTest testStream(Dataset dataset, OutputMode outputMode) {
    return new StreamTest(dataset, outputMode);
  }

  /** A test of the query over {@code dataset} in append mode, Spark's default. */
  public static StreamTest testStream(Dataset dataset) {
    return testStream(dataset, OutputMode.APPEND);
  }

  /** How long a step may wait for the query before the test fails; {@link #DEFAULT_TIMEOUT} unless set. */
  public StreamTest timeout(Duration timeout) {
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("the timeout must be positive: " + timeout);
    }
    this.timeout = timeout;
    return this;
  }

  /** The query's name ({@code queryName}), which its progress and log lines carry. */
  public StreamTest queryName(String name) {
    this.queryName = name;
    return this;
  }

  /**
   * Runs {@code actions} in order. If no {@link StreamAction#startStream} comes before the first
   * step that needs a running query, the query is started first, with the default trigger.
   *
   * @throws AssertionError at the first step that fails
   */
  public void run(StreamAction... actions) {
    List<StreamAction> steps = new ArrayList<>(List.of(actions));
    boolean startedByTest = false;
    for (StreamAction a : steps) {
      if (a.needsStartedQuery()) {
        break;
      }
      startedByTest |= a instanceof StartStream;
    }
    if (!startedByTest) {
      steps.add(0, new StartStream(Trigger.defaultTrigger(), null).addedByHarness());
    }
    try (StreamTestRun run = new StreamTestRun(dataset, outputMode, timeout, queryName, steps)) {
      run.runAll();
    }
  }
}
