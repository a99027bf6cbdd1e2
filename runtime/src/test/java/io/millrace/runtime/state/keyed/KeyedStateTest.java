package io.millrace.runtime.state.keyed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.runtime.state.KeyGroups;
import io.millrace.api.testing.ManualClock;
import io.millrace.runtime.checkpoint.ChecksummedText;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.state.StateStore.Presence;
import io.millrace.spi.state.StateVersionNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Keyed state over a real store plugin: every check of a committed version reads it through a
 * fresh backend (new providers, as after a restart). A subclass runs every test on rocksdb.
 */
class KeyedStateTest {
  private static final Schema KEY = Schema.parse("user STRING");
  private static final KeyedStateSpec SPEC = KeyedStateSpec.of("test", KEY)
      .value("total", Schema.parse("sum LONG, last STRING"))
      .list("events", Schema.parse("id LONG, label STRING"))
      .map("seen", Schema.parse("item LONG"), Schema.parse("count INT"))
      .withTimers();

  @TempDir Path dir;
  private KeyedStateFixture fixture;

  /** The state store these tests run on; a subclass runs them all on another. */
  String provider() {
    return "hdfs";
  }

  @BeforeEach
  void setUp() {
    fixture = new KeyedStateFixture(dir.resolve("checkpoint"), provider());
  }

  @AfterEach
  void tearDown() {
    fixture.close();
  }

  /** Version {@code version} of partition 0 of a fresh backend of {@link #SPEC}, on one partition. */
  private KeyedPartitionState fresh(long version) {
    return fixture.open(SPEC, 1).begin(0, version);
  }

  @Test
  void aValueIsKeptPerKeyAcrossCommitsAndReloads() {
    KeyedPartitionState v0 = fresh(0);
    v0.setCurrentKey(Row.of("ann"));
    assertThat(v0.valueState("total").exists()).isFalse();
    assertThat(v0.valueState("total").get()).isNull();
    v0.valueState("total").update(Row.of(5L, "a"));
    v0.setCurrentKey(Row.of("bob"));
    v0.valueState("total").update(Row.of(7L, null));
    assertThat(v0.valueState("total").get()).isEqualTo(Row.of(7L, null));
    assertThat(v0.commit()).isEqualTo(1);

    KeyedPartitionState v1 = fresh(1);
    v1.setCurrentKey(Row.of("ann"));
    assertThat(v1.valueState("total").get()).isEqualTo(Row.of(5L, "a"));
    v1.valueState("total").clear();
    assertThat(v1.valueState("total").exists()).isFalse();
    v1.setCurrentKey(Row.of("bob"));
    assertThat(v1.valueState("total").get()).isEqualTo(Row.of(7L, null));
    v1.valueState("total").update(Row.of(8L, "b"));
    assertThat(v1.commit()).isEqualTo(2);

    KeyedPartitionState v2 = fresh(2);
    v2.setCurrentKey(Row.of("ann"));
    assertThat(v2.valueState("total").exists()).isFalse();
    v2.setCurrentKey(Row.of("bob"));
    assertThat(v2.valueState("total").get()).isEqualTo(Row.of(8L, "b"));
    KeyedPartitionState again = fresh(1);
    again.setCurrentKey(Row.of("ann"));
    assertThat(again.valueState("total").get()).as("version 1 is unchanged by version 2").isEqualTo(Row.of(5L, "a"));
  }

  @Test
  void anAbortedBatchLeavesVersionNAsItWasAndTheBatchRunsAgain() {
    KeyedPartitionState v0 = fresh(0);
    v0.setCurrentKey(Row.of("ann"));
    v0.valueState("total").update(Row.of(1L, "kept"));
    v0.listState("events").append(Row.of(1L, "kept"));
    v0.mapState("seen").put(Row.of(1L), Row.of(1));
    v0.timers().registerEventTimeTimer(100);
    v0.commit();

    KeyedPartitionState attempt = fresh(1);
    attempt.setCurrentKey(Row.of("ann"));
    attempt.valueState("total").update(Row.of(2L, "lost"));
    attempt.listState("events").append(Row.of(2L, "lost"));
    attempt.mapState("seen").put(Row.of(2L), Row.of(2));
    attempt.timers().expired(TimeMode.EVENT_TIME, 1000).forEachRemaining(t -> { });
    attempt.setCurrentKey(Row.of("bob"));
    attempt.valueState("total").update(Row.of(3L, "lost"));
    attempt.timers().registerEventTimeTimer(5);
    attempt.abort();

    assertThatThrownBy(() -> fresh(2)).isInstanceOf(StateVersionNotFoundException.class);
    KeyedPartitionState replay = fresh(1);
    assertThat(dump(replay, "ann", "bob")).isEqualTo(List.of(
        "ann total=[1, kept] events=[[1, kept]] seen={[1]=[1]} event=[100] processing=[]",
        "bob total=null events=[] seen={} event=[] processing=[]"));
    replay.setCurrentKey(Row.of("bob"));
    replay.valueState("total").update(Row.of(4L, "replayed"));
    assertThat(replay.commit()).isEqualTo(2);
    assertThat(dump(fresh(2), "ann", "bob")).isEqualTo(List.of(
        "ann total=[1, kept] events=[[1, kept]] seen={[1]=[1]} event=[100] processing=[]",
        "bob total=[4, replayed] events=[] seen={} event=[] processing=[]"));
  }

  @Test
  void aListKeepsAppendOrderAcrossCommits() {
    KeyedPartitionState v0 = fresh(0);
    v0.setCurrentKey(Row.of("ann"));
    ListState events = v0.listState("events");
    assertThat(events.exists()).isFalse();
    assertThat(events.get()).isExhausted();
    List<Row> expected = new ArrayList<>();
    // Past 256 elements, so indexes take a second byte and still sort in append order.
    for (long i = 0; i < 300; i++) {
      Row row = Row.of(1000 - i, i % 2 == 0 ? "even" : null);
      expected.add(row);
      if (i % 3 == 0) {
        events.append(row);
      } else if (i % 3 == 1) {
        events.appendAll(List.of(row));
      } else {
        events.appendAll(new ArrayList<>(List.of(row)));
      }
    }
    events.appendAll(List.of());
    v0.setCurrentKey(Row.of("bob"));
    v0.listState("events").append(Row.of(-1L, "bob's"));
    v0.commit();

    KeyedPartitionState v1 = fresh(1);
    v1.setCurrentKey(Row.of("ann"));
    assertThat(v1.listState("events").size()).isEqualTo(300);
    assertThat(rows(v1.listState("events").get())).isEqualTo(expected);
    v1.listState("events").append(Row.of(0L, "last"));
    v1.setCurrentKey(Row.of("bob"));
    v1.listState("events").put(List.of(Row.of(2L, "b"), Row.of(1L, "a")));
    v1.setCurrentKey(Row.of("cat"));
    v1.listState("events").put(List.of(Row.of(9L, "c")));
    v1.listState("events").put(List.of());
    assertThat(v1.listState("events").exists()).isFalse();
    v1.commit();

    KeyedPartitionState v2 = fresh(2);
    v2.setCurrentKey(Row.of("ann"));
    expected.add(Row.of(0L, "last"));
    assertThat(rows(v2.listState("events").get())).isEqualTo(expected);
    v2.listState("events").clear();
    assertThat(v2.listState("events").get()).isExhausted();
    assertThat(v2.listState("events").size()).isZero();
    v2.setCurrentKey(Row.of("bob"));
    assertThat(rows(v2.listState("events").get())).containsExactly(Row.of(2L, "b"), Row.of(1L, "a"));
    v2.listState("events").put(List.of(Row.of(7L, "z"))); // shorter: overwritten in place, the rest removed
    v2.setCurrentKey(Row.of("dan"));
    v2.listState("events").put(List.of(Row.of(1L, "d1")));
    v2.listState("events").put(List.of(Row.of(2L, "d2"), Row.of(3L, "d3"), Row.of(4L, "d4"))); // longer
    v2.listState("events").put(List.of(Row.of(5L, "d5"), Row.of(6L, "d6"), Row.of(7L, "d7"))); // as long
    v2.setCurrentKey(Row.of("cat"));
    assertThat(v2.listState("events").exists()).isFalse();
    v2.commit();
    KeyedPartitionState v3 = fresh(3);
    v3.setCurrentKey(Row.of("bob"));
    assertThat(rows(v3.listState("events").get())).containsExactly(Row.of(7L, "z"));
    assertThat(v3.listState("events").size()).isEqualTo(1);
    v3.setCurrentKey(Row.of("dan"));
    assertThat(rows(v3.listState("events").get())).containsExactly(Row.of(5L, "d5"), Row.of(6L, "d6"), Row.of(7L, "d7"));
    assertThat(v3.listState("events").size()).isEqualTo(3);
    v3.setCurrentKey(Row.of("ann"));
    assertThat(v3.listState("events").exists()).isFalse();
    v3.listState("events").append(Row.of(5L, "after clear"));
    assertThat(rows(v3.listState("events").get())).containsExactly(Row.of(5L, "after clear"));
  }

  @Test
  void aMapPutsGetsRemovesAndIteratesInEncodedKeyOrder() {
    KeyedPartitionState v0 = fresh(0);
    v0.setCurrentKey(Row.of("ann"));
    MapState seen = v0.mapState("seen");
    assertThat(seen.exists()).isFalse();
    for (long item : new long[] {5, -1, 3, 0, Long.MIN_VALUE, Long.MAX_VALUE}) {
      seen.put(Row.of(item), Row.of((int) (item % 100)));
    }
    seen.put(Row.of((Object) null), Row.of(-7));
    seen.put(Row.of(3L), Row.of(33));
    v0.setCurrentKey(Row.of("bob"));
    v0.mapState("seen").put(Row.of(3L), Row.of(300));
    v0.commit();

    KeyedPartitionState v1 = fresh(1);
    v1.setCurrentKey(Row.of("ann"));
    MapState map = v1.mapState("seen");
    assertThat(map.get(Row.of(3L))).isEqualTo(Row.of(33));
    assertThat(map.get(Row.of(4L))).isNull();
    assertThat(map.contains(Row.of((Object) null))).isTrue();
    assertThat(map.contains(Row.of(4L))).isFalse();
    // Encoded order: a null first (presence byte 0), then the longs big-endian, so the
    // non-negative ones before the negative ones.
    assertThat(rows(map.keys())).containsExactly(Row.of((Object) null), Row.of(0L), Row.of(3L), Row.of(5L),
        Row.of(Long.MAX_VALUE), Row.of(Long.MIN_VALUE), Row.of(-1L));
    assertThat(rows(map.values())).containsExactly(Row.of(-7), Row.of(0), Row.of(33), Row.of(5),
        Row.of((int) (Long.MAX_VALUE % 100)), Row.of((int) (Long.MIN_VALUE % 100)), Row.of(-1));
    List<String> entries = new ArrayList<>();
    map.iterator().forEachRemaining(e -> entries.add(e.getKey() + "=" + e.getValue()));
    assertThat(entries).startsWith("[null]=[-7]", "[0]=[0]", "[3]=[33]").hasSize(7);
    map.remove(Row.of(3L));
    map.remove(Row.of(4L));
    map.put(Row.of(5L), Row.of(55));
    v1.setCurrentKey(Row.of("bob"));
    assertThat(rows(v1.mapState("seen").keys())).containsExactly(Row.of(3L));
    v1.mapState("seen").clear();
    assertThat(v1.mapState("seen").exists()).isFalse();
    v1.commit();

    KeyedPartitionState v2 = fresh(2);
    v2.setCurrentKey(Row.of("ann"));
    assertThat(v2.mapState("seen").contains(Row.of(3L))).isFalse();
    assertThat(v2.mapState("seen").get(Row.of(5L))).isEqualTo(Row.of(55));
    assertThat(rows(v2.mapState("seen").keys())).hasSize(6);
    v2.setCurrentKey(Row.of("bob"));
    assertThat(v2.mapState("seen").exists()).isFalse();
  }

  @Test
  void keysWhoseBytesExtendOneAnotherKeepTheirStateApart() {
    // One key group, so every key shares the two-byte prefix and only the encoding keeps them apart.
    KeyedStateBackend backend = fixture.open(SPEC, new KeyGroups(1, 1), UnaryOperator.identity());
    KeyedPartitionState v0 = backend.begin(0, 0);
    String[] users = {"", "a", "ab", "a\0", null};
    for (int i = 0; i < users.length; i++) {
      v0.setCurrentKey(Row.of(users[i]));
      v0.valueState("total").update(Row.of((long) i, users[i]));
      v0.listState("events").append(Row.of((long) i, "first"));
      v0.listState("events").append(Row.of((long) i, "second"));
      v0.mapState("seen").put(Row.of((long) i), Row.of(i));
      v0.timers().registerEventTimeTimer(i);
      v0.timers().registerProcessingTimeTimer(-i);
    }
    v0.commit();
    KeyedPartitionState v1 = fixture.open(SPEC, new KeyGroups(1, 1), UnaryOperator.identity()).begin(0, 1);
    for (int i = 0; i < users.length; i++) {
      v1.setCurrentKey(Row.of(users[i]));
      assertThat(v1.valueState("total").get()).isEqualTo(Row.of((long) i, users[i]));
      assertThat(rows(v1.listState("events").get())).containsExactly(Row.of((long) i, "first"), Row.of((long) i,
          "second"));
      assertThat(rows(v1.mapState("seen").keys())).containsExactly(Row.of((long) i));
      assertThat(v1.timers().list(TimeMode.EVENT_TIME)).containsExactly((long) i);
      assertThat(v1.timers().list(TimeMode.PROCESSING_TIME)).containsExactly((long) -i);
    }
    v1.setCurrentKey(Row.of("a"));
    v1.listState("events").clear();
    v1.mapState("seen").clear();
    v1.setCurrentKey(Row.of("ab"));
    assertThat(v1.listState("events").size()).isEqualTo(2);
    assertThat(v1.mapState("seen").exists()).isTrue();
  }

  @Test
  void emptyRowsAndTheZeroLengthKeyAreKeptAndToldApartFromAbsent() {
    // A global key (no grouping columns) encodes to no bytes; rows of no fields too.
    KeyedStateSpec spec = KeyedStateSpec.of("global", Schema.of()).value("flag", Schema.of()).list("ticks", Schema.of())
        .map("set", Schema.of(), Schema.of()).withTimers();
    KeyedPartitionState v0 = fixture.open(spec, 1).begin(0, 0);
    v0.setCurrentKey(Row.of());
    assertThat(v0.valueState("flag").exists()).isFalse();
    v0.valueState("flag").update(Row.of());
    v0.listState("ticks").appendAll(List.of(Row.of(), Row.of(), Row.of()));
    v0.mapState("set").put(Row.of(), Row.of());
    v0.timers().registerEventTimeTimer(0);
    v0.commit();

    KeyedPartitionState v1 = fixture.open(spec, 1).begin(0, 1);
    v1.setCurrentKey(Row.of());
    assertThat(v1.valueState("flag").exists()).isTrue();
    assertThat(v1.valueState("flag").get()).isEqualTo(Row.of());
    assertThat(rows(v1.listState("ticks").get())).containsExactly(Row.of(), Row.of(), Row.of());
    assertThat(v1.mapState("set").contains(Row.of())).isTrue();
    assertThat(rows(v1.mapState("set").keys())).containsExactly(Row.of());
    assertThat(v1.timers().list(TimeMode.EVENT_TIME)).containsExactly(0L);
    v1.valueState("flag").clear();
    v1.mapState("set").remove(Row.of());
    List<ExpiredTimer> fired = list(v1.timers().expired(TimeMode.EVENT_TIME, 1));
    assertThat(fired).hasSize(1);
    assertThat(fired.get(0).key()).isEqualTo(Row.of());
    assertThat(fired.get(0).encodedKey()).isEmpty();
    v1.commit();

    KeyedPartitionState v2 = fixture.open(spec, 1).begin(0, 2);
    v2.setCurrentKey(Row.of());
    assertThat(v2.valueState("flag").exists()).isFalse();
    assertThat(v2.mapState("set").exists()).isFalse();
    assertThat(v2.listState("ticks").size()).isEqualTo(3);
    assertThat(v2.timers().list(TimeMode.EVENT_TIME)).isEmpty();
  }

  @Test
  void timersFireInTimeOrderNegativeTimesFirstAndEqualTimesOfSeveralKeysTogether() {
    KeyedPartitionState v0 = fresh(0);
    register(v0, "ann", TimeMode.EVENT_TIME, 5, -10, 0, 5);
    register(v0, "bob", TimeMode.EVENT_TIME, -3, Long.MIN_VALUE + 1, 6);
    register(v0, "cat", TimeMode.EVENT_TIME, 5, Long.MAX_VALUE, -1L << 40, 1L << 40);
    register(v0, "ann", TimeMode.PROCESSING_TIME, -100, 1);
    v0.setCurrentKey(Row.of("ann"));
    assertThat(v0.timers().list(TimeMode.EVENT_TIME)).as("registering a timer twice keeps one").containsExactly(-10L, 0L,
        5L);
    v0.setCurrentKey(Row.of("cat"));
    assertThat(v0.timers().list(TimeMode.EVENT_TIME)).containsExactly(-1L << 40, 5L, 1L << 40, Long.MAX_VALUE);
    v0.commit();

    KeyedPartitionState v1 = fresh(1);
    List<ExpiredTimer> fired = list(v1.timers().expired(TimeMode.EVENT_TIME, 6));
    assertThat(fired).extracting(ExpiredTimer::time).containsExactly(Long.MIN_VALUE + 1, -1L << 40, -10L, -3L, 0L, 5L,
        5L);
    assertThat(fired).extracting(t -> t.key().getString(0)).startsWith("bob", "cat", "ann", "bob", "ann");
    assertThat(fired.subList(5, 7)).extracting(t -> t.key().getString(0)).containsExactlyInAnyOrder("ann", "cat");
    assertThat(fired).allMatch(t -> t.mode() == TimeMode.EVENT_TIME);
    assertThat(list(v1.timers().expired(TimeMode.EVENT_TIME, 6))).as("fired timers are gone").isEmpty();
    v1.setCurrentKey(Row.of("ann"));
    assertThat(v1.timers().list(TimeMode.EVENT_TIME)).isEmpty();
    assertThat(v1.timers().list(TimeMode.PROCESSING_TIME)).as("firing event time leaves processing time")
        .containsExactly(-100L, 1L);
    v1.timers().delete(TimeMode.PROCESSING_TIME, 1);
    v1.timers().delete(TimeMode.PROCESSING_TIME, 12345);
    v1.commit();

    KeyedPartitionState v2 = fresh(2);
    assertThat(list(v2.timers().expired(TimeMode.EVENT_TIME, Long.MAX_VALUE))).as("a timer fires before its time,"
        + " strictly").extracting(ExpiredTimer::time).containsExactly(6L, 1L << 40);
    assertThat(list(v2.timers().expired(TimeMode.PROCESSING_TIME, Long.MAX_VALUE))).extracting(ExpiredTimer::time)
        .containsExactly(-100L);
    v2.setCurrentKey(Row.of("cat"));
    assertThat(v2.timers().list(TimeMode.EVENT_TIME)).containsExactly(Long.MAX_VALUE);
  }

  @Test
  void aFiredTimerCanBeRegisteredAgainByItsHandlerAndFiresLater() {
    KeyedPartitionState v0 = fresh(0);
    register(v0, "ann", TimeMode.EVENT_TIME, 10);
    Iterator<ExpiredTimer> due = v0.timers().expired(TimeMode.EVENT_TIME, 20);
    ExpiredTimer timer = due.next();
    v0.setCurrentEncodedKey(timer.encodedKey());
    assertThat(v0.currentKey()).isEqualTo(Row.of("ann"));
    assertThat(v0.timers().list(TimeMode.EVENT_TIME)).as("removed as it fired").isEmpty();
    v0.timers().registerEventTimeTimer(10);
    v0.timers().registerEventTimeTimer(15);
    assertThat(due.hasNext()).as("timers registered while firing fire in a later call").isFalse();
    assertThat(list(v0.timers().expired(TimeMode.EVENT_TIME, 20))).extracting(ExpiredTimer::time).containsExactly(10L,
        15L);
  }

  @Test
  void aTimerDeletedWhileTimersFireDoesNotFireAndOneSetAgainDoes() {
    KeyedPartitionState v0 = fresh(0);
    register(v0, "ann", TimeMode.EVENT_TIME, 10, 12);
    register(v0, "bob", TimeMode.EVENT_TIME, 11, 13);
    register(v0, "cat", TimeMode.EVENT_TIME, 14);
    v0.commit();

    KeyedPartitionState v1 = fresh(1);
    Iterator<ExpiredTimer> due = v1.timers().expired(TimeMode.EVENT_TIME, 20);
    List<Long> fired = new ArrayList<>();
    while (due.hasNext()) {
      ExpiredTimer timer = due.next();
      fired.add(timer.time());
      v1.setCurrentEncodedKey(timer.encodedKey());
      if (timer.time() == 10) {
        v1.timers().delete(TimeMode.EVENT_TIME, 12);
        v1.timers().delete(TimeMode.EVENT_TIME, 12);
      } else if (timer.time() == 11) {
        v1.timers().delete(TimeMode.EVENT_TIME, 13);
        v1.timers().register(TimeMode.EVENT_TIME, 13);
      }
    }
    assertThat(fired).as("ann's 12 deleted; bob's 13 deleted and set again").containsExactly(10L, 11L, 13L, 14L);
    v1.commit();
    assertThat(v1.metrics().timers()).as("each timer removed once").isZero();
    assertThat(list(fresh(2).timers().expired(TimeMode.EVENT_TIME, Long.MAX_VALUE))).isEmpty();
  }

  @Test
  void unlistedTimersAreOneEntryEachAndFireAsListedOnesDo() {
    KeyedStateSpec spec = KeyedStateSpec.of("test", KEY).value("total", Schema.parse("sum LONG")).withUnlistedTimers();
    KeyedPartitionState v0 = fixture.open(spec, 1).begin(0, 0);
    register(v0, "ann", TimeMode.EVENT_TIME, 10, 12, 10); // the second 10 is set already: looked up by time
    v0.setCurrentKey(Row.of("bob"));
    v0.timers().register(TimeMode.EVENT_TIME, 11, Presence.ABSENT);
    v0.timers().register(TimeMode.EVENT_TIME, 13, Presence.ABSENT);
    register(v0, "cat", TimeMode.EVENT_TIME, 14);
    v0.timers().delete(TimeMode.EVENT_TIME, 14);
    v0.timers().delete(TimeMode.EVENT_TIME, 14); // not set any more: nothing to remove
    assertThat(v0.metrics().timers()).as("one entry per timer: 10, 12, 11, 13").isEqualTo(4);
    assertThatThrownBy(() -> v0.timers().list(TimeMode.EVENT_TIME)).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("keeps its timers by time only");
    v0.commit();

    KeyedPartitionState v1 = fixture.open(spec, 1).begin(0, 1);
    List<Long> fired = new ArrayList<>();
    for (Iterator<ExpiredTimer> due = v1.timers().expired(TimeMode.EVENT_TIME, 13); due.hasNext(); ) {
      ExpiredTimer t = due.next();
      fired.add(t.time());
      v1.setCurrentEncodedKey(t.encodedKey());
      if (t.time() == 10) {
        v1.timers().delete(TimeMode.EVENT_TIME, 12, Presence.PRESENT);
      }
    }
    assertThat(fired).as("ann's 12 deleted as her 10 fired").containsExactly(10L, 11L);
    assertThat(v1.metrics().timers()).isEqualTo(1);
    assertThat(list(v1.timers().expired(TimeMode.EVENT_TIME, Long.MAX_VALUE))).extracting(ExpiredTimer::time)
        .containsExactly(13L);
    assertThat(v1.metrics().timers()).isZero();
    v1.commit();
    assertThat(list(fixture.open(spec, 1).begin(0, 2).timers().expired(TimeMode.EVENT_TIME, Long.MAX_VALUE))).isEmpty();
  }

  @Test
  void timersKeptByKeyStaySoForAnOperatorThatNoLongerListsThem() throws Exception {
    KeyedStateSpec listed = KeyedStateSpec.of("test", KEY).value("total", Schema.parse("sum LONG")).withTimers();
    KeyedPartitionState v0 = fixture.open(listed, 1).begin(0, 0);
    register(v0, "ann", TimeMode.EVENT_TIME, 10, 20);
    v0.commit();
    // As a record written before the choice existed: no timersByKey, which means both indexes.
    Path record = dir.resolve("checkpoint/state/0/" + KeyedStateSchemaFile.NAME);
    String text = ChecksummedText.open(record.toString(), Files.readAllBytes(record));
    assertThat(text).contains("\"timersByKey\":true,");
    Files.write(record, ChecksummedText.seal(text.replace("\"timersByKey\":true,", "")));

    KeyedStateSpec unlisted = KeyedStateSpec.of("test", KEY).value("total", Schema.parse("sum LONG"))
        .withUnlistedTimers();
    KeyedPartitionState v1 = fixture.open(unlisted, 1).begin(0, 1);
    v1.setCurrentKey(Row.of("ann"));
    assertThat(v1.timers().list(TimeMode.EVENT_TIME)).containsExactly(10L, 20L);
    v1.timers().register(TimeMode.EVENT_TIME, 30, Presence.ABSENT);
    v1.timers().delete(TimeMode.EVENT_TIME, 20, Presence.PRESENT);
    assertThat(list(v1.timers().expired(TimeMode.EVENT_TIME, 15))).extracting(ExpiredTimer::time).containsExactly(10L);
    v1.setCurrentKey(Row.of("ann"));
    assertThat(v1.timers().list(TimeMode.EVENT_TIME)).containsExactly(30L);
    assertThat(v1.metrics().timers()).as("30, in both indexes").isEqualTo(1);
    v1.commit();

    KeyedPartitionState v2 = fixture.open(listed, 1).begin(0, 2);
    v2.setCurrentKey(Row.of("ann"));
    assertThat(v2.timers().list(TimeMode.EVENT_TIME)).containsExactly(30L);
    v2.commit();
    KeyedStateSpec otherUnlisted = KeyedStateSpec.of("other", KEY).withUnlistedTimers();
    KeyedStateFixture other = new KeyedStateFixture(dir.resolve("other"), provider());
    try {
      other.open(otherUnlisted, 1).begin(0, 0).commit();
      assertThatThrownBy(() -> other.open(KeyedStateSpec.of("other", KEY).withTimers(), 1))
          .hasMessageContaining("the operator lists timers by key and the state keeps its timers by time only");
    } finally {
      other.close();
    }
  }

  @Test
  void findingTheEarliestTimerLeavesNoReadOpen() {
    AtomicLong unfinished = new AtomicLong();
    KeyedStateBackend backend = fixture.open(SPEC, new KeyGroups(128, 1),
        f -> StoreWrappers.countingUnfinishedRanges(f, unfinished));
    KeyedPartitionState v0 = backend.begin(0, 0);
    register(v0, "ann", TimeMode.PROCESSING_TIME, 30, 10, 20);
    assertThat(v0.timers().earliest(TimeMode.PROCESSING_TIME)).hasValue(10);
    assertThat(unfinished).as("the read of its first timer, closed").hasValue(0);
    v0.commit();
  }

  @Test
  void firingReadsOnlyTheExpiredRange() {
    StoreWrappers.Counts counts = new StoreWrappers.Counts();
    KeyedStateBackend backend = fixture.open(SPEC, new KeyGroups(128, 1), f -> StoreWrappers.counting(f, counts));
    KeyedPartitionState v0 = backend.begin(0, 0);
    for (int k = 0; k < 100; k++) {
      v0.setCurrentKey(Row.of("user" + k));
      for (long t = 0; t < 10; t++) {
        v0.timers().registerEventTimeTimer(t * 100 + k);
        v0.timers().registerProcessingTimeTimer(t);
      }
    }
    v0.commit();
    counts.rangeEntries.set(0);
    counts.fullScans.set(0);

    KeyedPartitionState v1 = backend.begin(0, 1);
    List<ExpiredTimer> fired = list(v1.timers().expired(TimeMode.EVENT_TIME, 7));
    assertThat(fired).extracting(ExpiredTimer::time).containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L);
    assertThat(counts.rangeEntries).as("entries the store's range scans returned").hasValue(7);
    assertThat(counts.fullScans).as("full scans").hasValue(0);
    KeyedStateMetrics metrics = v1.metrics();
    assertThat(metrics.entriesScanned()).isEqualTo(7);
    assertThat(metrics.timersFired()).isEqualTo(7);
    assertThat(metrics.fullScans()).isZero();
    assertThat(list(v1.timers().expired(TimeMode.EVENT_TIME, 7))).isEmpty();
    assertThat(counts.rangeEntries).as("nothing is left to read below 7").hasValue(7);
    v1.commit();
    assertThat(v1.metrics().timers()).isEqualTo(2000 - 7);
  }

  @Test
  void aScanForExpiredTimersStartsWhereTheCommittedOneEndedAndStillFindsTimersSetBelowIt() {
    List<Long> starts = new ArrayList<>();
    KeyedStateBackend backend = fixture.open(SPEC, new KeyGroups(1, 1),
        f -> StoreWrappers.recordingTimerScanStarts(f, starts));
    KeyedPartitionState v0 = backend.begin(0, 0);
    v0.setCurrentKey(Row.of("a"));
    for (long t = 0; t < 10; t++) {
      v0.timers().registerEventTimeTimer(t);
    }
    assertThat(list(v0.timers().expired(TimeMode.EVENT_TIME, 0))).isEmpty();
    v0.commit();

    KeyedPartitionState v1 = backend.begin(0, 1);
    assertThat(list(v1.timers().expired(TimeMode.EVENT_TIME, 5))).extracting(ExpiredTimer::time)
        .containsExactly(0L, 1L, 2L, 3L, 4L);
    v1.commit();
    assertThat(starts).as("a new run knows no floor, and its first batch may be a replay whose state another run"
        + " published: both read from the index's start").containsExactly(null, null);
    starts.remove(0);

    KeyedPartitionState v2 = backend.begin(0, 2);
    v2.setCurrentKey(Row.of("b"));
    v2.timers().registerEventTimeTimer(1); // below where the last scan ended
    assertThat(list(v2.timers().expired(TimeMode.EVENT_TIME, 8))).extracting(ExpiredTimer::time)
        .containsExactly(1L, 5L, 6L, 7L);
    assertThat(starts.get(1)).as("from the earliest timer set since").isEqualTo(1L);
    v2.commit();

    KeyedPartitionState v3 = backend.begin(0, 3);
    Iterator<ExpiredTimer> due = v3.timers().expired(TimeMode.EVENT_TIME, 9);
    assertThat(due.next().time()).isEqualTo(8L);
    v3.setCurrentKey(Row.of("c"));
    v3.timers().registerEventTimeTimer(3); // by a handler, while the scan runs
    assertThat(due.hasNext()).isFalse();
    assertThat(starts.get(2)).as("where the committed scan ended").isEqualTo(8L);
    v3.commit();

    KeyedPartitionState v4 = backend.begin(0, 4);
    assertThat(list(v4.timers().expired(TimeMode.EVENT_TIME, 9))).extracting(ExpiredTimer::time).containsExactly(3L);
    assertThat(starts.get(3)).isEqualTo(3L);
    v4.commit();

    KeyedPartitionState again = backend.begin(0, 1); // batch 1 again: the state batch 0 committed
    assertThat(list(again.timers().expired(TimeMode.EVENT_TIME, 8))).as("a batch from another version reads all")
        .extracting(ExpiredTimer::time).containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L);
    assertThat(starts.get(4)).isNull();
    again.abort();

    KeyedPartitionState retry = backend.begin(0, 4); // commits version 5 a second time
    assertThat(list(retry.timers().expired(TimeMode.EVENT_TIME, 9))).extracting(ExpiredTimer::time).containsExactly(3L);
    retry.commit();
    KeyedPartitionState v5 = backend.begin(0, 5);
    assertThat(list(v5.timers().expired(TimeMode.EVENT_TIME, 9))).isEmpty();
    assertThat(starts.get(6)).as("a version committed twice may hold the first commit's timers").isNull();
    v5.abort();
  }

  @Test
  void onlyTheNewestScanOfAModeMovesItsFloor() {
    List<Long> starts = new ArrayList<>();
    KeyedStateBackend backend = fixture.open(SPEC, new KeyGroups(1, 1),
        f -> StoreWrappers.recordingTimerScanStarts(f, starts));
    backend.begin(0, 0).commit(); // the run's first batch leaves no floor
    KeyedPartitionState v1 = backend.begin(0, 1);
    v1.setCurrentKey(Row.of("a"));
    Iterator<ExpiredTimer> wide = v1.timers().expired(TimeMode.EVENT_TIME, 10);
    v1.timers().registerEventTimeTimer(5);
    assertThat(list(v1.timers().expired(TimeMode.EVENT_TIME, 3))).isEmpty();
    assertThat(wide.hasNext()).as("made before the timer was set").isFalse();
    v1.commit();

    KeyedPartitionState v2 = backend.begin(0, 2);
    assertThat(list(v2.timers().expired(TimeMode.EVENT_TIME, 10))).extracting(ExpiredTimer::time).containsExactly(5L);
    assertThat(starts.get(starts.size() - 1)).isEqualTo(3L);
    v2.commit();
  }

  @Test
  void withoutRangeScansEveryReadFallsBackToAFullScanCountedInTheMetrics() {
    KeyedStateBackend backend = fixture.open(SPEC, new KeyGroups(128, 1), StoreWrappers::withoutRangeScans);
    KeyedPartitionState v0 = backend.begin(0, 0);
    register(v0, "ann", TimeMode.EVENT_TIME, 3, -3);
    register(v0, "bob", TimeMode.EVENT_TIME, 1, 30);
    v0.setCurrentKey(Row.of("ann"));
    v0.listState("events").appendAll(List.of(Row.of(2L, "x"), Row.of(1L, "y")));
    v0.mapState("seen").put(Row.of(-1L), Row.of(1));
    v0.mapState("seen").put(Row.of(1L), Row.of(2));
    v0.setCurrentKey(Row.of("bob"));
    v0.listState("events").append(Row.of(3L, "z"));
    v0.mapState("seen").put(Row.of(7L), Row.of(7));
    v0.commit();

    KeyedPartitionState v1 = backend.begin(0, 1);
    assertThat(list(v1.timers().expired(TimeMode.EVENT_TIME, 10))).extracting(ExpiredTimer::time).containsExactly(-3L,
        1L, 3L);
    v1.setCurrentKey(Row.of("ann"));
    assertThat(rows(v1.listState("events").get())).containsExactly(Row.of(2L, "x"), Row.of(1L, "y"));
    assertThat(rows(v1.mapState("seen").keys())).containsExactly(Row.of(1L), Row.of(-1L));
    v1.listState("events").clear();
    v1.mapState("seen").clear();
    assertThat(v1.listState("events").exists()).isFalse();
    assertThat(v1.mapState("seen").exists()).isFalse();
    v1.setCurrentKey(Row.of("bob"));
    assertThat(rows(v1.mapState("seen").keys())).containsExactly(Row.of(7L));
    assertThat(v1.timers().list(TimeMode.EVENT_TIME)).containsExactly(30L);
    KeyedStateMetrics metrics = v1.metrics();
    assertThat(metrics.fullScans()).as("the expired timers, ann's map keys, clear and exists, bob's map keys and timers").isEqualTo(6);
    assertThat(metrics.customMetrics()).containsEntry("numFullStateScans", 6L);
  }

  @Test
  void processingTimeTimersFireAgainstTheBatchTimeTakenFromTheClock() {
    ManualClock clock = new ManualClock(1_000);
    long batch0 = clock.millis();
    KeyedPartitionState v0 = fresh(0);
    register(v0, "ann", TimeMode.PROCESSING_TIME, batch0 + 500);
    register(v0, "bob", TimeMode.PROCESSING_TIME, batch0 + 1_500);
    assertThat(list(v0.timers().expired(TimeMode.PROCESSING_TIME, batch0))).isEmpty();
    v0.commit();

    clock.advance(600);
    long batch1 = clock.millis();
    KeyedPartitionState v1 = fresh(1);
    assertThat(list(v1.timers().expired(TimeMode.PROCESSING_TIME, batch1))).extracting(t -> t.key().getString(0))
        .containsExactly("ann");
    v1.commit();

    // Batch 1 replayed after the clock moved on: with the time recorded for batch 1 it fires
    // what its first run fired, not bob's timer too.
    clock.advance(5_000);
    KeyedPartitionState replay = fresh(1);
    assertThat(list(replay.timers().expired(TimeMode.PROCESSING_TIME, batch1))).extracting(t -> t.key().getString(0))
        .containsExactly("ann");
    replay.abort();

    KeyedPartitionState v2 = fresh(2);
    assertThat(list(v2.timers().expired(TimeMode.PROCESSING_TIME, clock.millis()))).extracting(t -> t.key().getString(0))
        .containsExactly("bob");
  }

  @Test
  void eachVariableAndTheTimersAreAStoreOfTheirOwnNamedAfterThem() {
    KeyedStateBackend backend = fixture.open(SPEC, 2);
    assertThat(backend.storeNames()).containsExactly("total", "events", "seen", "_timers");
    for (int p = 0; p < 2; p++) {
      KeyedPartitionState state = backend.begin(p, 0);
      assertThat(state.storeNames()).containsExactly("total", "events", "seen", "_timers");
      state.commit();
    }
    for (String store : backend.storeNames()) {
      assertThat(dir.resolve("checkpoint/state/0/1/" + store)).isDirectory();
    }
    assertThat(dir.resolve("checkpoint/state/0/" + KeyedStateSchemaFile.NAME)).isRegularFile();
  }

  @Test
  void metricsCountRowsPerVariableAndTimers() {
    KeyedPartitionState v0 = fresh(0);
    v0.setCurrentKey(Row.of("ann"));
    v0.valueState("total").update(Row.of(1L, "a"));
    v0.listState("events").appendAll(List.of(Row.of(1L, "a"), Row.of(2L, "b")));
    v0.mapState("seen").put(Row.of(1L), Row.of(1));
    v0.timers().registerEventTimeTimer(1);
    v0.timers().registerEventTimeTimer(2);
    v0.setCurrentKey(Row.of("bob"));
    v0.valueState("total").update(Row.of(2L, "b"));
    v0.timers().registerProcessingTimeTimer(3);
    v0.timers().delete(TimeMode.EVENT_TIME, 99);
    v0.commit();
    KeyedStateMetrics m = v0.metrics();
    // ann's two events are one entry: a short list is packed
    assertThat(m.rowsTotal()).containsExactly(Map.entry("total", 2L), Map.entry("events", 1L), Map.entry("seen", 1L));
    assertThat(m.timers()).isEqualTo(3);
    assertThat(m.timersRegistered()).isEqualTo(3);
    assertThat(m.timersDeleted()).isEqualTo(1);
    assertThat(m.totalRows()).isEqualTo(2 + 1 + 1 + 6);
    assertThat(m.memoryUsedBytes()).isPositive();
    assertThat(m.plus(m).customMetrics()).containsEntry("numRowsTotal.events", 2L).containsEntry("numTimers", 6L)
        .containsEntry("numRegisteredTimers", 6L).containsEntry("numDeletedTimers", 2L)
        .containsEntry("numExpiredTimers", 0L);
  }

  /**
   * The writes of values, lists and timers tell the store whether their keys are there (so the
   * rocksdb store keeps numKeys without a lookup); a wrong claim would show here as a wrong count.
   * Lists up to 1 KB are one packed entry, longer ones an entry per element plus their size:
   * both layouts and the moves between them are counted.
   */
  @Test
  void rowCountsStayExactThroughReadsUpdatesClearsListLayoutsAndTimerMoves() {
    rowCountsStayExact(this::fresh);
  }

  /** The same on stores without range scans: lists read and drop their elements index by index. */
  @Test
  void rowCountsStayExactWithoutRangeScans() {
    rowCountsStayExact(version -> fixture.open(SPEC, new KeyGroups(128, 1), StoreWrappers::withoutRangeScans)
        .begin(0, version));
  }

  private void rowCountsStayExact(java.util.function.LongFunction<KeyedPartitionState> fresh) {
    KeyedPartitionState v0 = fresh.apply(0);
    v0.setCurrentKey(Row.of("ann"));
    v0.valueState("total").update(Row.of(1L, "never read"));
    v0.listState("events").put(List.of(Row.of(1L, "a"), Row.of(2L, "b"), Row.of(3L, "c")));
    v0.timers().registerEventTimeTimer(10);
    v0.timers().registerEventTimeTimer(10);
    v0.setCurrentKey(Row.of("bob"));
    assertThat(v0.valueState("total").get()).isNull();
    v0.valueState("total").update(Row.of(2L, "read absent first"));
    v0.timers().registerEventTimeTimer(20);
    v0.timers().delete(TimeMode.EVENT_TIME, 20);
    v0.timers().delete(TimeMode.EVENT_TIME, 30);
    v0.setCurrentKey(Row.of("cat"));
    assertThat(v0.valueState("total").exists()).isFalse();
    v0.valueState("total").clear();
    v0.setCurrentKey(Row.of("fay"));
    v0.listState("events").put(List.of(big(1), big(2), big(3)));
    v0.commit();
    // events: ann's list packed, fay's three elements and size
    assertRowCounts(v0.metrics(), 2, 1 + 4, 1);

    KeyedPartitionState v1 = fresh.apply(1);
    assertRowCounts(v1.metrics(), 2, 1 + 4, 1);
    v1.setCurrentKey(Row.of("ann"));
    assertThat(v1.valueState("total").get()).isEqualTo(Row.of(1L, "never read"));
    v1.valueState("total").update(Row.of(11L, "read present first"));
    v1.listState("events").put(List.of(Row.of(9L, "x")));
    v1.listState("events").append(Row.of(8L, "y"));
    v1.timers().delete(TimeMode.EVENT_TIME, 10);
    v1.timers().registerEventTimeTimer(15);
    v1.setCurrentKey(Row.of("bob"));
    assertThat(v1.valueState("total").exists()).isTrue();
    v1.valueState("total").clear();
    v1.valueState("total").clear();
    v1.listState("events").append(Row.of(7L, "z"));
    v1.setCurrentKey(Row.of("dan"));
    v1.listState("events").put(List.of(Row.of(1L, "p"), Row.of(2L, "q")));
    v1.listState("events").put(List.of(Row.of(3L, "r"), Row.of(4L, "s"), Row.of(5L, "t")));
    v1.valueState("total").update(Row.of(4L, "written twice"));
    v1.valueState("total").update(Row.of(5L, "written twice"));
    v1.setCurrentKey(Row.of("eve"));
    v1.listState("events").put(List.of(Row.of(6L, "u")));
    v1.listState("events").clear();
    v1.setCurrentKey(Row.of("fay"));
    v1.listState("events").put(List.of(big(4), big(5), big(6), big(7))); // longer, in place
    v1.setCurrentKey(Row.of("gus"));
    v1.listState("events").append(big(1));
    v1.listState("events").append(big(2));
    v1.listState("events").append(big(3)); // outgrows its packed entry
    v1.setCurrentKey(Row.of("hal"));
    v1.listState("events").put(List.of(big(1), big(2), big(3)));
    v1.listState("events").put(List.of(Row.of(1L, "short again"))); // packed again
    v1.commit();
    // total: ann, dan; events: ann, bob, dan packed, fay 4 + size, gus 3 + size, hal packed
    assertRowCounts(v1.metrics(), 2, 3 + 5 + 4 + 1, 1);

    KeyedPartitionState v2 = fresh.apply(2);
    assertRowCounts(v2.metrics(), 2, 3 + 5 + 4 + 1, 1);
    assertThat(list(v2.timers().expired(TimeMode.EVENT_TIME, 100))).extracting(ExpiredTimer::time).containsExactly(15L);
    v2.setCurrentKey(Row.of("dan"));
    v2.listState("events").clear();
    v2.valueState("total").clear();
    v2.setCurrentKey(Row.of("fay"));
    v2.listState("events").put(List.of(big(8), big(9), big(10))); // shorter, in place
    v2.setCurrentKey(Row.of("gus"));
    v2.listState("events").clear();
    v2.commit();
    assertRowCounts(v2.metrics(), 1, 2 + 4 + 1, 0);

    KeyedPartitionState v3 = fresh.apply(3);
    assertRowCounts(v3.metrics(), 1, 2 + 4 + 1, 0);
    assertThat(dump(v3, "ann", "bob", "dan", "gus")).containsExactly(
        "ann total=[11, read present first] events=[[9, x], [8, y]] seen={} event=[] processing=[]",
        "bob total=null events=[[7, z]] seen={} event=[] processing=[]",
        "dan total=null events=[] seen={} event=[] processing=[]",
        "gus total=null events=[] seen={} event=[] processing=[]");
    v3.setCurrentKey(Row.of("fay"));
    assertThat(rows(v3.listState("events").get())).containsExactly(big(8), big(9), big(10));
    assertThat(v3.listState("events").size()).isEqualTo(3);
    v3.setCurrentKey(Row.of("hal"));
    assertThat(rows(v3.listState("events").get())).containsExactly(Row.of(1L, "short again"));
  }

  /** An element of 400 bytes and more: three of them outgrow a packed list. */
  private static Row big(long id) {
    return Row.of(id, ("element " + id + " ").repeat(40));
  }

  private static void assertRowCounts(KeyedStateMetrics m, long total, long events, long timers) {
    assertThat(m.rowsTotal()).as("rows per variable").containsEntry("total", total).containsEntry("events", events);
    assertThat(m.timers()).as("timers").isEqualTo(timers);
  }

  @Test
  void aKeyOfAnotherPartitionIsRefused() {
    KeyedStateBackend backend = fixture.open(SPEC, 4);
    KeyGroups groups = new KeyGroups(128, 4);
    byte[] encoded = new io.millrace.runtime.state.RowCodec(KEY).encode(Row.of("ann"));
    int owner = groups.partition(encoded);
    KeyedPartitionState other = backend.begin((owner + 1) % 4, 0);
    assertThatThrownBy(() -> other.setCurrentKey(Row.of("ann"))).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("[ann] belongs to partition " + owner);
    KeyedPartitionState own = backend.begin(owner, 0);
    own.setCurrentKey(Row.of("ann"));
    own.valueState("total").update(Row.of(1L, "x"));
    own.commit();
  }

  @Test
  void rowsThatDoNotFitTheirVariableAreRefusedNamingIt() {
    KeyedPartitionState v0 = fresh(0);
    assertThatThrownBy(() -> v0.valueState("total").get()).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("no current grouping key");
    v0.setCurrentKey(Row.of("ann"));
    assertThatThrownBy(() -> v0.valueState("total").update(Row.of("not a long", "x")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("value of state variable 'total' of operator 'test' takes rows of [sum LONG, last STRING]");
    assertThatThrownBy(() -> v0.valueState("total").update(Row.of(1L))).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> v0.valueState("total").update(null)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cannot be null");
    v0.listState("events").append(Row.of(1L, "kept"));
    assertThatThrownBy(() -> v0.listState("events").appendAll(List.of(Row.of(2L, "x"), Row.of("bad", "y"))))
        .hasMessageContaining("element of state variable 'events'");
    assertThatThrownBy(() -> v0.listState("events").put(List.of(Row.of("bad", "y"))))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(rows(v0.listState("events").get())).as("a refused row leaves the list as it was")
        .containsExactly(Row.of(1L, "kept"));
    assertThatThrownBy(() -> v0.mapState("seen").put(Row.of("x"), Row.of(1))).hasMessageContaining("map key of state"
        + " variable 'seen'");
    assertThatThrownBy(() -> v0.listState("total")).hasMessageContaining("'total' of operator 'test' is a VALUE<");
    assertThatThrownBy(() -> v0.valueState("nope")).hasMessageContaining("declared no state variable 'nope'");
    assertThatThrownBy(() -> v0.setCurrentKey(Row.of(1L))).isInstanceOf(ClassCastException.class);
  }

  @Test
  void aRestartThatDeclaresOtherStateIsRefusedNamingTheDifference() throws Exception {
    fresh(0).commit();
    // Batch 0 done, as the engine's commits/ says: the next run starts at 1, where 'total' holds rows.
    Files.createDirectories(dir.resolve("checkpoint/commits"));
    Files.writeString(dir.resolve("checkpoint/commits/0"), "");
    assertThatThrownBy(() -> fixture.open(KeyedStateSpec.of("test", KEY)
        .value("total", Schema.parse("sum DOUBLE, last STRING")).list("events", Schema.parse("id LONG, label STRING"))
        .map("seen", Schema.parse("item LONG"), Schema.parse("count INT")).withTimers(), 1))
        .hasMessageContaining("state variable 'total' was VALUE<sum LONG, last STRING> and is VALUE<sum DOUBLE, last"
            + " STRING>");
    // Variables added and dropped are TransformWithStateEvolutionTest's: they need the checkpoint's commits/.
    assertThatThrownBy(() -> fixture.open(KeyedStateSpec.of("test", Schema.parse("user LONG"))
        .value("total", Schema.parse("sum LONG, last STRING")).list("events", Schema.parse("id LONG, label STRING"))
        .map("seen", Schema.parse("item LONG"), Schema.parse("count INT")), 1))
        .hasMessageContaining("the grouping key was [user STRING] and is [user LONG]")
        .hasMessageContaining("the state has timers and the operator declares none");
    assertThat(fresh(1).version()).as("the same declaration opens").isEqualTo(1);

    Files.delete(dir.resolve("checkpoint/state/0/" + KeyedStateSchemaFile.NAME));
    assertThatThrownBy(() -> fresh(1)).hasMessageContaining("has no declaration")
        .hasMessageContaining(KeyedStateSchemaFile.NAME + " is missing, but state was written");
  }

  // ---- helpers

  private static void register(KeyedPartitionState state, String user, TimeMode mode, long... times) {
    state.setCurrentKey(Row.of(user));
    for (long t : times) {
      state.timers().register(mode, t);
    }
  }

  private static <T> List<T> list(Iterator<T> it) {
    List<T> out = new ArrayList<>();
    it.forEachRemaining(out::add);
    return out;
  }

  private static List<Row> rows(Iterator<Row> it) {
    return list(it);
  }

  /** Every variable and timer of each user, one line per user. */
  static List<String> dump(KeyedPartitionState state, String... users) {
    List<String> lines = new ArrayList<>();
    for (String user : users) {
      state.setCurrentKey(Row.of(user));
      List<String> seen = new ArrayList<>();
      state.mapState("seen").iterator().forEachRemaining(e -> seen.add(e.getKey() + "=" + e.getValue()));
      lines.add(user + " total=" + state.valueState("total").get() + " events=" + list(state.listState("events").get())
          + " seen={" + String.join(", ", seen) + "} event=" + state.timers().list(TimeMode.EVENT_TIME)
          + " processing=" + state.timers().list(TimeMode.PROCESSING_TIME));
    }
    return lines;
  }
}
