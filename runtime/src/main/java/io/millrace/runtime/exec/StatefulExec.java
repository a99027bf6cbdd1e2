package io.millrace.runtime.exec;

import io.millrace.runtime.state.PartitionInput;
import io.millrace.runtime.state.StatefulOperator;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * A stateful operator in the plan: its stable operator id (its state lives in
 * {@code state/<id>/}), its input (an {@link ExchangeExec}), and whether an event-time watermark
 * reaches it. Each batch it runs its input's tasks into map sides, loads and updates its state
 * with its own input watermarks ({@link WatermarkPropagation}) — rows are late by the previous
 * batch's, state is evicted by this batch's, as in Spark 3.5+ — and hands on the rows it emits.
 */
abstract class StatefulExec implements PhysicalOperator {
  private final List<PhysicalOperator> inputs;
  private final int operatorId;
  private final boolean watermarked;
  private final Optional<String> eventTimeInput;
  private StatefulOperator operator;

  /** @param eventTimeInput the input column that carries the watermarked event time, if one does */
  StatefulExec(PhysicalOperator child, int operatorId, boolean watermarked, Optional<String> eventTimeInput) {
    this(List.of(child), operatorId, watermarked, eventTimeInput);
  }

  /** An operator of several inputs (a join's two sides), each an {@link ExchangeExec}, read in order. */
  StatefulExec(List<PhysicalOperator> inputs, int operatorId, boolean watermarked, Optional<String> eventTimeInput) {
    this.inputs = List.copyOf(inputs);
    this.operatorId = operatorId;
    this.watermarked = watermarked;
    this.eventTimeInput = eventTimeInput;
  }

  /** The operator's name in the progress and in {@code state/<id>/_metadata}. */
  abstract String name();

  /** The kind of operator, recorded in {@code state/<id>/_metadata}. */
  abstract String kind();

  abstract Schema keySchema();

  abstract Schema valueSchema();

  /** Whether this operator emits or forgets state as the watermark passes, in output mode {@code mode}. */
  abstract boolean evictsByWatermark(OutputMode mode);

  /** Fails, writing nothing, if the checkpoint holds this operator's state under other schemas. */
  abstract void checkState(StateContext context) throws IOException;

  abstract StatefulOperator open(StateContext context) throws IOException;

  /** Describes what the operator does, after its name and id in {@code explain()}. */
  abstract String arguments();

  /**
   * What the operator guarantees about the event time of what it emits, given its input
   * watermark (Spark's {@code produceOutputWatermark}): no later row of its output is older. By
   * default the input watermark itself: an aggregation or deduplication evicts by it.
   */
  long outputWatermarkMs(long inputWatermarkMs) {
    return inputWatermarkMs;
  }

  final int operatorId() {
    return operatorId;
  }

  /** Whether an event-time watermark reaches this operator's input. */
  final boolean watermarked() {
    return watermarked;
  }

  /** The input column that carries the watermarked event time, if one does. */
  final Optional<String> eventTimeInput() {
    return eventTimeInput;
  }

  /** Fails, writing nothing, if the checkpoint holds another operator's state or metadata at this id. */
  final void check(StateContext context) throws IOException {
    OperatorMetadataFile.check(context.storage(), context.checkpoint(), this, context.partitions());
    checkState(context);
  }

  /** Opens the state, then records the operator in {@code state/<id>/_metadata} if this is its first start. */
  final void start(StateContext context) throws IOException {
    operator = open(context);
    try {
      OperatorMetadataFile.record(context.storage(), context.checkpoint(), this, context.partitions());
    } catch (IOException | RuntimeException e) {
      close();
      throw e;
    }
  }

  /** Whether the operator has a processing-time timer due at {@code nowMs}. */
  final boolean timerDue(long nowMs) {
    StatefulOperator op = operator;
    return op != null && op.nextProcessingTimerMs() <= nowMs;
  }

  final void maintain() {
    if (operator != null) {
      operator.maintain();
    }
  }

  final void close() {
    if (operator != null) {
      operator.close();
      operator = null;
    }
  }

  @Override
  public final List<PhysicalOperator> children() {
    return inputs;
  }

  @Override
  public final String describe() {
    return getClass().getSimpleName() + " [operator " + operatorId + "] " + arguments();
  }

  @Override
  public final List<RowTask> tasks(BatchRun batch) throws Exception {
    long late = batch.lateWatermarkMicros(operatorId);
    long eviction = batch.evictionWatermarkMicros(operatorId);
    StatefulOperator op = operator;
    List<PartitionInput> mapSides = new java.util.ArrayList<>();
    for (int i = 0; i < inputs.size(); i++) {
      List<RowTask> input = inputs.get(i).tasks(batch);
      int index = i;
      BatchReader.Result<PartitionInput> read = batch.timer().time("getBatch", () -> batch.reader().read(input,
          op.readerTasks(), batch.context(), run -> op.newInput(batch.context(), late, index)));
      mapSides.addAll(read.inputs());
    }
    StatefulOperator.Result result = batch.timer().time("stateUpdate",
        () -> op.run(batch.id(), mapSides, batch.context(), new StatefulOperator.Watermarks(late, eviction)));
    batch.reportState(operatorId, result.progress());
    return List.of(new RowListTask(result.rows(), null));
  }
}
