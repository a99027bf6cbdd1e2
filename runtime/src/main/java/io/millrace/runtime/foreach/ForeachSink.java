package io.millrace.runtime.foreach;

import io.millrace.api.ForeachWriter;
import io.millrace.spi.sink.DeliveryGuarantee;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.TaskWriter;
import io.millrace.spi.sink.WriterCommitMessage;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * Hands each task's rows to a {@link ForeachWriter} of its own. The writer writes as it goes, so
 * there is nothing to publish at commit, and a replayed batch is written again: at-least-once.
 */
public final class ForeachSink implements Sink {
  private final Supplier<ForeachWriter> writers;
  private final LongAdder rowsProcessed = new LongAdder();
  private final LongAdder tasksSkipped = new LongAdder();

  /** A sink whose every task gets a writer of {@code writers}. */
  public ForeachSink(Supplier<ForeachWriter> writers) {
    this.writers = writers;
  }

  /**
   * A sink whose every task gets a serialized copy of {@code writer}, as {@code foreach(..)} gives.
   *
   * @throws io.millrace.api.AnalysisException if the writer cannot be serialized
   */
  public static ForeachSink copiesOf(ForeachWriter writer) {
    return new ForeachSink(WriterCopies.of(writer));
  }

  @Override
  public DeliveryGuarantee guarantee() {
    return DeliveryGuarantee.AT_LEAST_ONCE;
  }

  @Override
  public boolean writesPerTask() {
    return true;
  }

  @Override
  public TaskWriter createWriter(int partition, long batchId) {
    return new ForeachTaskWriter(writers.get(), partition, batchId, rowsProcessed, tasksSkipped);
  }

  @Override
  public void commit(long batchId, List<WriterCommitMessage> messages) {
    // Each writer wrote its rows already; a batch has nothing left to publish.
  }

  /** {@code rowsProcessed}: rows given to {@code process}; {@code tasksSkipped}: tasks whose {@code open} said false. */
  @Override
  public Map<String, String> metrics() {
    return Map.of("rowsProcessed", Long.toString(rowsProcessed.sum()), "tasksSkipped",
        Long.toString(tasksSkipped.sum()));
  }
}
