package io.millrace.runtime.state;

import io.millrace.api.StateOperatorProgress;
import io.millrace.runtime.expr.EvalContext;
import io.millrace.spi.PluginContext;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStoreId;
import io.millrace.spi.state.StateStoreProviderFactory;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.LongAdder;

/**
 * A stream-stream join over key-grouped partitions, as Spark's symmetric hash join: each batch,
 * the left side's new rows are matched against the right side's state and kept, then the right
 * side's new rows against the left side's state (which now holds this batch's left rows, so a
 * pair that arrives in one batch is found once) and kept; then each side's rows that can no
 * longer match are dropped, and for an outer join those that never matched are emitted with
 * nulls, once. A row is kept while it can still match ({@link JoinPlan}); a left semi join
 * emits a left row at its first match and keeps no left row that matched on arrival.
 */
public final class StatefulStreamJoin implements StatefulOperator {
  public static final String NAME = "symmetricHashJoin";

  private final JoinPlan plan;
  private final KeyGroups keyGroups;
  private final RowCodec keyCodec;
  private final RowCodec[] rowCodecs;
  /** Encode each side's rows in the exchange; null where they cross as objects. */
  private final RowCodec[] exchangeRows;
  private final PartitionStores stores;
  private final ExecutorService pool;
  private final LongAdder matched = new LongAdder();
  private final LongAdder nullPadded = new LongAdder();
  private final LongAdder scannedToEvict = new LongAdder();
  private final LongAdder fullScans = new LongAdder();
  private final LongAdder[] sideRows = {new LongAdder(), new LongAdder()};

  public StatefulStreamJoin(long operatorId, JoinPlan plan, StateStoreProviderFactory factory, URI checkpoint,
      Storage storage, int partitions, int maxKeyGroups, PluginContext context, ExecutorService pool,
      boolean encodedExchange) throws IOException {
    this.plan = plan;
    this.keyGroups = new KeyGroups(maxKeyGroups, partitions);
    this.keyCodec = new RowCodec(plan.keySchema());
    this.rowCodecs = new RowCodec[] {new RowCodec(plan.left()), new RowCodec(plan.right())};
    this.exchangeRows = encodedExchange ? rowCodecs : null;
    this.pool = pool;
    URI operatorDir = checkpoint.resolve("state/" + operatorId + "/");
    StateSchemaFile.check(storage, operatorDir, operatorName(plan), plan.keySchema(), plan.valueSchema());
    this.stores = new PartitionStores(factory, checkpoint, operatorId, StateStoreId.DEFAULT_STORE_NAME, partitions,
        storeKeySchema(plan), storeValueSchema(plan), context);
    try {
      StateSchemaFile.record(storage, operatorDir, operatorName(plan), plan.keySchema(), plan.valueSchema());
    } catch (IOException | RuntimeException e) {
      stores.close();
      throw e;
    }
  }

  /** The operator's name in the schema file: the join type is part of what its state means. */
  static String operatorName(JoinPlan plan) {
    return NAME + "(" + plan.type() + ")";
  }

  /** Checks, without writing, that existing state was written by a join of these schemas and type. */
  public static void checkStateSchema(long operatorId, JoinPlan plan, URI checkpoint, Storage storage)
      throws IOException {
    StateSchemaFile.check(storage, checkpoint.resolve("state/" + operatorId + "/"), operatorName(plan),
        plan.keySchema(), plan.valueSchema());
  }

  /** What the store's keys stand for, for the store's own records: both sides' entries share the store. */
  private static Schema storeKeySchema(JoinPlan plan) {
    return Schema.of(Field.of("side", DataType.INT), Field.of("key", DataType.struct(plan.keySchema())),
        Field.of("time", DataType.TIMESTAMP), Field.of("batch", DataType.LONG), Field.of("ordinal", DataType.INT));
  }

  private static Schema storeValueSchema(JoinPlan plan) {
    return plan.valueSchema();
  }

  @Override
  public int readerTasks() {
    return keyGroups.partitions();
  }

  @Override
  public PartitionInput newInput(EvalContext context, long watermarkMicros) {
    return newInput(context, watermarkMicros, 0);
  }

  @Override
  public PartitionInput newInput(EvalContext context, long watermarkMicros, int input) {
    if (input != 0 && input != 1) {
      throw new IllegalArgumentException("a join has two inputs, not input " + input);
    }
    return new JoinSideInput(input, plan, keyCodec, keyGroups, watermarkMicros,
        exchangeRows == null ? null : exchangeRows[input]);
  }

  @Override
  public Result run(long batchId, List<PartitionInput> inputs, EvalContext context, Watermarks watermarks)
      throws Exception {
    long watermarkMicros = watermarks.evictionMicros();
    matched.reset();
    nullPadded.reset();
    scannedToEvict.reset();
    fullScans.reset();
    sideRows[0].reset();
    sideRows[1].reset();
    long late = 0;
    long exchangeBytes = 0;
    for (PartitionInput in : inputs) {
      late += ((JoinSideInput) in).late();
      exchangeBytes += ((JoinSideInput) in).exchangeBytes();
    }
    Result result = PartitionedCommit.run(stores, pool, batchId, keyGroups.partitions(),
        (partition, store) -> join(store, partition, inputs, batchId, watermarkMicros, context), NAME, late);
    Map<String, Long> custom = new TreeMap<>();
    custom.put("numLeftStateRows", sideRows[0].sum());
    custom.put("numRightStateRows", sideRows[1].sum());
    custom.put("numMatchedRows", matched.sum());
    custom.put("numNullPaddedRows", nullPadded.sum());
    custom.put("numKeysScannedToEvict", scannedToEvict.sum());
    custom.put("numFullStateScans", fullScans.sum());
    if (exchangeRows != null) {
      custom.put("exchangeBytes", exchangeBytes);
    }
    StateOperatorProgress p = result.progress();
    // The store counts entries (a row and its place in the time index); the state's rows are the sides' rows.
    StateOperatorProgress rows = new StateOperatorProgress(p.operatorName(), sideRows[0].sum() + sideRows[1].sum(),
        p.numRowsUpdated(), p.numRowsRemoved(), p.numRowsDroppedByWatermark(), p.commitTimeMs(), p.memoryUsedBytes(),
        p.numShufflePartitions(), p.numStateStoreInstances(), p.customMetrics());
    return new Result(result.rows(), rows).withCustomMetrics(custom);
  }

  private PartitionedCommit.Outcome join(StateStore store, int partition, List<PartitionInput> inputs, long batchId,
      long watermarkMicros, EvalContext context) {
    JoinSideState left = new JoinSideState(store, 0, plan, rowCodecs[0]);
    JoinSideState right = new JoinSideState(store, 1, plan, rowCodecs[1]);
    JoinType type = plan.type();
    List<Row> out = new ArrayList<>();
    long pairs = 0;
    long padded = 0;
    for (int side = 0; side < 2; side++) {
      JoinSideState mine = side == 0 ? left : right;
      JoinSideState other = side == 0 ? right : left;
      long stateWatermark = plan.stateWatermark(side, watermarkMicros);
      boolean emitsUnmatched = side == 0 ? type.emitsUnmatchedLeft() : type.emitsUnmatchedRight();
      boolean otherEmitsUnmatched = side == 0 ? type.emitsUnmatchedRight() : type.emitsUnmatchedLeft();
      int ordinal = 0;
      for (PartitionInput in : inputs) {
        JoinSideInput input = (JoinSideInput) in;
        if (input.side() != side) {
          continue;
        }
        RoutedRows.Bucket bucket = input.routedTo(partition);
        for (int i = 0; i < bucket.size(); i++) {
          Row row = bucket.row(i);
          byte[] key = bucket.key(i);
          int group = keyGroups.keyGroup(key);
          boolean found = false;
          if (plan.nullKey(side, row)) {
            if (!emitsUnmatched) {
              continue; // can never match nor be emitted: not kept (Spark filters such rows out before the join)
            }
          } else {
            for (JoinSideState.Entry e : other.rowsOf(group, key)) {
              Row pair = side == 0 ? plan.pair(row, e.row()) : plan.pair(e.row(), row);
              if (!plan.matches(pair, context)) {
                continue;
              }
              found = true;
              if (type == JoinType.LEFT_SEMI) {
                if (side == 1 && !e.matched()) { // a kept left row, at its first match
                  out.add(e.row());
                  other.markMatched(e);
                  pairs++;
                }
                continue;
              }
              out.add(pair);
              pairs++;
              if (otherEmitsUnmatched && !e.matched()) {
                other.markMatched(e);
              }
            }
          }
          if (type == JoinType.LEFT_SEMI && side == 0 && found) {
            out.add(row); // emitted at its first match, and not kept: it never needs to match again
            pairs++;
            continue;
          }
          // As Spark 4.0's join: a left row is kept even when already past its state watermark, since
          // this batch's right rows are still to meet it (the eviction below then drops it, emitting it
          // with nulls if it is an outer row that never matched); so is a right row of a join that emits
          // unmatched right rows. Other right rows past it have met all they can.
          if (side == 0 || emitsUnmatched || !plan.expired(side, row, stateWatermark)) {
            mine.add(group, key, row, found, batchId, ordinal++);
          }
        }
      }
    }
    long[] nulls = new long[1];
    if (watermarkMicros != Long.MIN_VALUE) {
      left.evict(plan.stateWatermark(0, watermarkMicros), !type.emitsUnmatchedLeft() ? null : (row, wasMatched) -> {
        if (!wasMatched) {
          out.add(plan.pair(row, null));
          nulls[0]++;
        }
      });
      right.evict(plan.stateWatermark(1, watermarkMicros), !type.emitsUnmatchedRight() ? null : (row, wasMatched) -> {
        if (!wasMatched) {
          out.add(plan.pair(null, row));
          nulls[0]++;
        }
      });
    }
    padded += nulls[0];
    left.saveCount();
    right.saveCount();
    matched.add(pairs);
    nullPadded.add(padded);
    scannedToEvict.add(left.scannedToEvict() + right.scannedToEvict());
    fullScans.add(left.fullScans() + right.fullScans());
    sideRows[0].add(left.rows());
    sideRows[1].add(right.rows());
    return new PartitionedCommit.Outcome(out, left.added() + right.added(), left.removed() + right.removed());
  }

  @Override
  public void maintain() {
    stores.maintain();
  }

  @Override
  public void close() {
    stores.close();
  }
}
