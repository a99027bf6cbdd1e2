package io.millrace.runtime.state.keyed;

import io.millrace.runtime.state.KeyGroups;
import io.millrace.runtime.state.RowCodec;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The process {@link KeyedStateCrashTest} halts: it runs batches 0 and 1 of a keyed workload on
 * two partitions and halts ({@code Runtime.halt}, exit code 137) just before the store named in
 * its arguments commits version 2, after the stores before it committed theirs. Arguments:
 * checkpoint directory, state store provider, the store to halt before ("none": no halt).
 */
public final class KeyedStateCrashChild {
  static final int PARTITIONS = 2;
  static final KeyGroups KEY_GROUPS = new KeyGroups(128, PARTITIONS);
  static final KeyedStateSpec SPEC = KeyedStateSpec.of("crash", Schema.parse("user STRING"))
      .value("total", Schema.parse("sum LONG, last STRING"))
      .list("events", Schema.parse("id LONG, label STRING"))
      .map("seen", Schema.parse("item LONG"), Schema.parse("count INT"))
      .withTimers();
  private static final RowCodec KEYS = new RowCodec(SPEC.keySchema());

  public static void main(String[] args) {
    String haltBefore = args[2];
    try (KeyedStateFixture fixture = new KeyedStateFixture(Path.of(args[0]), args[1])) {
      KeyedStateBackend backend = fixture.open(SPEC, KEY_GROUPS, haltBefore.equals("none") ? UnaryOperator.identity()
          : f -> StoreWrappers.haltingBeforeCommit(f, haltBefore, 1));
      for (int batch = 0; batch < 2; batch++) {
        runBatch(backend, batch);
      }
    }
    System.exit(0);
  }

  /** Batch {@code batch}: every partition works on version {@code batch}, then every partition commits. */
  static void runBatch(KeyedStateBackend backend, int batch) {
    List<KeyedPartitionState> prepared = new ArrayList<>();
    for (int p = 0; p < PARTITIONS; p++) {
      KeyedPartitionState state = backend.begin(p, batch);
      work(state, batch);
      prepared.add(state);
    }
    prepared.forEach(KeyedPartitionState::commit);
  }

  /** The keys of the workload that {@code partition} owns. */
  static List<String> users(int partition) {
    List<String> users = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      if (KEY_GROUPS.partition(KEYS.encode(Row.of("user" + i))) == partition) {
        users.add("user" + i);
      }
    }
    return users;
  }

  /** Fires the event-time timers due at the batch, then changes every variable of each user. */
  private static void work(KeyedPartitionState state, int batch) {
    for (var it = state.timers().expired(TimeMode.EVENT_TIME, batch * 100L); it.hasNext(); ) {
      ExpiredTimer timer = it.next();
      state.setCurrentEncodedKey(timer.encodedKey());
      state.listState("events").append(Row.of(timer.time(), "fired"));
    }
    int i = 0;
    for (String user : users(state.partition())) {
      state.setCurrentKey(Row.of(user));
      state.valueState("total").update(Row.of(batch * 10L + i, "batch " + batch));
      state.listState("events").append(Row.of((long) batch, user));
      state.mapState("seen").put(Row.of((long) (i + batch)), Row.of(batch));
      if (batch == 1 && i % 2 == 0) {
        state.mapState("seen").remove(Row.of((long) i));
      }
      state.timers().registerEventTimeTimer(batch * 100L + i - 50);
      state.timers().registerProcessingTimeTimer(-batch - i);
      i++;
    }
  }
}
