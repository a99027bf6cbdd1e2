package io.millrace.runtime.state;

import io.millrace.api.state.StatefulProcessor;
import io.millrace.api.state.StatefulProcessorWithInitialState;
import io.millrace.api.state.TimerValues;
import io.millrace.runtime.expr.EvalContext;
import io.millrace.runtime.state.keyed.KeyedPartitionState;
import io.millrace.spi.data.Row;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The initial state of a transformWithState (or [flat]MapGroupsWithState) in batch 0, split by
 * state partition: each row goes where an input row of the same key goes (its key encoded with
 * the input key's codec, whose types it has), so the key's state is in one partition.
 */
final class InitialStateRows {
  /** Per partition, each key's rows (in the table's order) by encoded key, in encoded order. */
  private final List<TreeMap<byte[], List<Row>>> byPartition;

  private InitialStateRows(List<TreeMap<byte[], List<Row>>> byPartition) {
    this.byPartition = byPartition;
  }

  /** The initial rows of {@code plan} for batch {@code batchId}: only batch 0 has any (as Spark), else null. */
  static InitialStateRows forBatch(TransformWithStatePlan plan, long batchId, RowCodec keyCodec, KeyGroups keyGroups,
      EvalContext context) {
    if (batchId != 0 || plan.initialState().isEmpty()) {
      return null;
    }
    TransformWithStatePlan.InitialState initial = plan.initialState().get();
    List<TreeMap<byte[], List<Row>>> parts = new ArrayList<>();
    for (int p = 0; p < keyGroups.partitions(); p++) {
      parts.add(new TreeMap<>(Arrays::compareUnsigned));
    }
    for (Row row : initial.source().rows(context)) {
      byte[] key = keyCodec.encodeColumns(row, initial.keyColumns());
      parts.get(keyGroups.partition(key)).computeIfAbsent(key, k -> new ArrayList<>()).add(row);
    }
    return new InitialStateRows(parts);
  }

  /**
   * Runs {@code handleInitialState} for each initial row of {@code partition}, keys in encoded
   * order; returns, for a [flat]MapGroupsWithState, those keys (its function runs for each, with
   * no rows if the input has none), otherwise none.
   */
  @SuppressWarnings("unchecked") // the plan's processors take the initial rows as Row (checked at bind)
  List<byte[]> apply(int partition, TransformWithStatePlan plan, StatefulProcessor<Row, Row, Row> processor,
      KeyedPartitionState state, TimerValues times) {
    List<byte[]> called = new ArrayList<>();
    var withInitial = (StatefulProcessorWithInitialState<Row, Row, Row, Row>) processor;
    for (Map.Entry<byte[], List<Row>> e : byPartition.get(partition).entrySet()) {
      state.setCurrentEncodedKey(e.getKey());
      Row key = state.currentKey();
      for (Row row : e.getValue()) {
        withInitial.handleInitialState(key, row, times);
      }
      if (plan.callsInitialOnlyKeys()) {
        called.add(e.getKey());
      }
    }
    return called;
  }
}
