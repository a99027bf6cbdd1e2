package io.millrace.runtime.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.api.MillraceSession;
import io.millrace.api.StateOperatorProgress;
import io.millrace.api.StreamingQuery;
import io.millrace.api.state.ListState;
import io.millrace.api.state.StateCodec;
import io.millrace.api.state.StateCodecs;
import io.millrace.api.state.StatefulProcessor;
import io.millrace.api.state.TimeMode;
import io.millrace.api.state.TimerValues;
import io.millrace.api.state.ValueState;
import io.millrace.api.testing.MemoryStream;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * transformWithState's state variables changing across real restarts of a query on one
 * checkpoint, on both stores: added, dropped (kept on disk) and declared again, deleted with
 * deleteIfExists, and a value schema widened; refusals name the variable and both declarations.
 */
class TransformWithStateEvolutionTest {
  private static final Schema INPUT = Schema.parse("k STRING, v INT");
  private static final Schema OUTPUT = Schema.parse("k STRING, n LONG");

  @TempDir Path dir;

  record CountV1(int n) {}

  /** n widened to a long, and a nullable field added: old values read with note null. */
  record CountV2(long n, String note) {}

  record CountAsText(String n, String note) {}

  /** Counts each key's rows in "count"; optionally keeps the values in list "hist" or deletes it. */
  static final class Evolving extends StatefulProcessor<Row, Row, Row> {
    private final boolean v2;
    private final boolean hist;
    private final boolean deleteHist;
    private ValueState<CountV1> countV1;
    private ValueState<CountV2> countV2;
    private ListState<Long> history;

    Evolving(boolean v2, boolean hist, boolean deleteHist) {
      this.v2 = v2;
      this.hist = hist;
      this.deleteHist = deleteHist;
    }

    @Override
    public void init(OutputMode outputMode, TimeMode timeMode) {
      if (v2) {
        countV2 = getHandle().getValueState("count", StateCodecs.record(CountV2.class));
      } else {
        countV1 = getHandle().getValueState("count", StateCodecs.record(CountV1.class));
      }
      if (hist) {
        history = getHandle().getListState("hist", StateCodecs.value(Long.class));
      }
      if (deleteHist) {
        getHandle().deleteIfExists("hist");
      }
    }

    @Override
    public Iterator<Row> handleInputRows(Row key, Iterator<Row> rows, TimerValues times) {
      String k = key.getString(0);
      List<Row> out = new ArrayList<>();
      long n;
      if (v2) {
        CountV2 c = countV2.get();
        n = c == null ? 0 : c.n();
        out.add(Row.of(k + "#note", c == null ? 0L : c.note() == null ? -1L : 1L));
      } else {
        CountV1 c = countV1.get();
        n = c == null ? 0 : c.n();
      }
      while (rows.hasNext()) {
        Row r = rows.next();
        n++;
        if (hist) {
          history.appendValue((long) r.getInt(1));
        }
      }
      if (v2) {
        countV2.update(new CountV2(n, "seen"));
      } else {
        countV1.update(new CountV1((int) n));
      }
      out.add(Row.of(k, n));
      if (hist) {
        long size = 0;
        for (Iterator<Long> it = history.get(); it.hasNext(); it.next()) {
          size++;
        }
        out.add(Row.of(k + "#hist", size));
      }
      return out.iterator();
    }
  }

  /** Declares "count" with another codec or kind. */
  static final class Redeclared extends StatefulProcessor<Row, Row, Row> {
    private final boolean asList;

    Redeclared(boolean asList) {
      this.asList = asList;
    }

    @Override
    public void init(OutputMode outputMode, TimeMode timeMode) {
      StateCodec<CountAsText> text = StateCodecs.record(CountAsText.class);
      if (asList) {
        getHandle().getListState("count", StateCodecs.record(CountV2.class));
      } else {
        getHandle().getValueState("count", text);
      }
    }

    @Override
    public Iterator<Row> handleInputRows(Row key, Iterator<Row> rows, TimerValues times) {
      return java.util.Collections.emptyIterator();
    }
  }

  private StreamingQuery query;

  /** Runs the query on the checkpoint for the rows given, and returns what it emitted and its operator's progress. */
  private List<Row> run(MillraceSession s, MemoryStream m, Supplier<? extends StatefulProcessor<Row, Row, Row>> p,
      Row... rows) {
    query = start(s, p);
    m.addData(List.of(rows));
    query.processAllAvailable();
    List<Row> out = query.readSinkTable(1000).rows();
    query.stop();
    return out;
  }

  private StreamingQuery start(MillraceSession s, Supplier<? extends StatefulProcessor<Row, Row, Row>> p) {
    return s.readStream().format("memory").option("name", "evolve-in").load().groupByKey("k")
        .transformWithState(p, TimeMode.NONE, OutputMode.UPDATE, OUTPUT)
        .writeStream().format("memory").option("name", "evolve-out-" + System.nanoTime()).outputMode("update")
        .option("checkpointLocation", dir.resolve("ckpt").toString()).start();
  }

  private StateOperatorProgress progress() {
    return query.lastProgress().stateOperators().get(0);
  }

  private static Row in(String k, int v) {
    return Row.of(k, v);
  }

  private static void copy(Path from, Path to) throws java.io.IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        Path target = to.resolve(from.relativize(f));
        if (Files.isDirectory(f)) {
          Files.createDirectories(target);
        } else {
          Files.copy(f, target);
        }
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"hdfs", "rocksdb"})
  void variablesAreAddedDroppedRevivedDeletedAndWidenedAcrossRestarts(String store) throws Exception {
    try (MillraceSession s = MillraceSession.builder().config("millrace.state.provider", store).build();
        MemoryStream m = MemoryStream.create("evolve-in", INPUT)) {
      assertThat(run(s, m, () -> new Evolving(false, false, false), in("a", 1), in("a", 2), in("b", 3)))
          .containsExactlyInAnyOrder(Row.of("a", 2L), Row.of("b", 1L));

      // count: INT n -> LONG n plus a nullable note, read from the old rows; hist: born at this batch.
      assertThat(run(s, m, () -> new Evolving(true, true, false), in("a", 4)))
          .containsExactlyInAnyOrder(Row.of("a#note", -1L), Row.of("a", 3L), Row.of("a#hist", 1L));
      assertThat(progress().customMetrics()).containsEntry("numRowsTotal.count", 2L);

      // hist no longer declared: kept untouched.
      assertThat(run(s, m, () -> new Evolving(true, false, false), in("a", 5), in("b", 6)))
          .containsExactlyInAnyOrder(Row.of("a#note", 1L), Row.of("a", 4L), Row.of("b#note", -1L), Row.of("b", 2L));
      assertThat(progress().customMetrics()).doesNotContainKey("numRowsTotal.hist");

      // Declared again: its state is back (one element from before, one now).
      assertThat(run(s, m, () -> new Evolving(true, true, false), in("a", 7)))
          .containsExactlyInAnyOrder(Row.of("a#note", 1L), Row.of("a", 5L), Row.of("a#hist", 2L));

      // Deleted at start: each partition's directory of it goes, counted once per partition.
      Path saved = dir.resolve("saved-state");
      copy(dir.resolve("ckpt/state/0"), saved);
      assertThat(run(s, m, () -> new Evolving(true, false, true), in("a", 8)))
          .containsExactlyInAnyOrder(Row.of("a#note", 1L), Row.of("a", 6L));
      StateOperatorProgress deleted = progress();
      assertThat(deleted.customMetrics()).containsEntry("numDeletedStateVars", deleted.numShufflePartitions());
      try (Stream<Path> files = Files.walk(dir.resolve("ckpt/state/0"))) {
        assertThat(files.filter(f -> f.getFileName().toString().equals("hist"))).isEmpty();
      }

      // As if the start that deleted it had crashed after writing the record, before deleting the directories:
      // they are back, and the next start finishes the deletion before it opens a store.
      try (Stream<Path> files = Files.walk(saved)) {
        for (Path f : (Iterable<Path>) files.filter(f -> f.toString().contains("/hist"))::iterator) {
          Path to = dir.resolve("ckpt/state/0").resolve(saved.relativize(f));
          if (Files.isDirectory(f)) {
            Files.createDirectories(to);
            if (f.getFileName().toString().equals("hist")) {
              Files.writeString(to.resolve("restored-marker"), "left by a crash");
            }
          } else {
            Files.copy(f, to);
          }
        }
      }
      try (Stream<Path> files = Files.walk(dir.resolve("ckpt/state/0"))) {
        assertThat(files.filter(f -> f.getFileName().toString().equals("restored-marker"))).isNotEmpty();
      }
      // Declared after its deletion: empty.
      assertThat(run(s, m, () -> new Evolving(true, true, false), in("a", 9)))
          .containsExactlyInAnyOrder(Row.of("a#note", 1L), Row.of("a", 7L), Row.of("a#hist", 1L));
      assertThat(progress().customMetrics()).containsEntry("numDeletedStateVars", 0L);
      try (Stream<Path> files = Files.walk(dir.resolve("ckpt/state/0"))) {
        assertThat(files.filter(f -> f.getFileName().toString().equals("restored-marker")))
            .as("the interrupted deletion was finished before the store opened").isEmpty();
      }

      String stored = StateCodecs.record(CountV2.class).schema().toDdl();
      assertThatThrownBy(() -> start(s, () -> new Redeclared(false)))
          .isInstanceOf(AnalysisException.class)
          .hasMessageContaining("state variable 'count' was VALUE<" + stored + "> and is VALUE<"
              + StateCodecs.record(CountAsText.class).schema().toDdl() + ">")
          .hasMessageContaining("field n changed from");
      assertThatThrownBy(() -> start(s, () -> new Redeclared(true)))
          .isInstanceOf(AnalysisException.class)
          .hasMessageContaining("state variable 'count' was VALUE<" + stored + "> and is LIST<" + stored + ">")
          .hasMessageContaining("cannot change kind");
      // Narrowing back (LONG to INT, the note dropped) is refused as well.
      assertThatThrownBy(() -> start(s, () -> new Evolving(false, true, false)))
          .isInstanceOf(AnalysisException.class)
          .hasMessageContaining("state variable 'count' was VALUE<" + stored + "> and is VALUE<"
              + StateCodecs.record(CountV1.class).schema().toDdl() + ">");

      // The refused starts changed nothing.
      assertThat(run(s, m, () -> new Evolving(true, true, false), in("b", 10)))
          .containsExactlyInAnyOrder(Row.of("b#note", 1L), Row.of("b", 3L), Row.of("b#hist", 1L));
    }
  }
  /** A list and a map of numbers, emitting their sums; {@code wide} declares them LONG where they were INT. */
  static final class Numbers extends StatefulProcessor<Row, Row, Row> {
    private final boolean wide;
    private ListState<Integer> narrowList;
    private ListState<Long> wideList;
    private io.millrace.api.state.MapState<String, Integer> narrowMap;
    private io.millrace.api.state.MapState<String, Long> wideMap;

    Numbers(boolean wide) {
      this.wide = wide;
    }

    @Override
    public void init(OutputMode outputMode, TimeMode timeMode) {
      if (wide) {
        wideList = getHandle().getListState("xs", StateCodecs.value(Long.class));
        wideMap = getHandle().getMapState("m", StateCodecs.value(String.class), StateCodecs.value(Long.class));
      } else {
        narrowList = getHandle().getListState("xs", StateCodecs.value(Integer.class));
        narrowMap = getHandle().getMapState("m", StateCodecs.value(String.class), StateCodecs.value(Integer.class));
      }
    }

    @Override
    public Iterator<Row> handleInputRows(Row key, Iterator<Row> rows, TimerValues times) {
      String k = key.getString(0);
      while (rows.hasNext()) {
        int v = rows.next().getInt(1);
        if (wide) {
          wideList.appendValue(v * 1_000_000_000_000L);
          wideMap.updateValue("v" + v, (long) v);
        } else {
          narrowList.appendValue(v);
          narrowMap.updateValue("v" + v, v);
        }
      }
      long list = 0;
      long map = 0;
      if (wide) {
        for (Iterator<Long> it = wideList.get(); it.hasNext(); ) {
          list += it.next();
        }
        for (Iterator<Long> it = wideMap.values(); it.hasNext(); ) {
          map += it.next();
        }
      } else {
        for (Iterator<Integer> it = narrowList.get(); it.hasNext(); ) {
          list += it.next();
        }
        for (Iterator<Integer> it = narrowMap.values(); it.hasNext(); ) {
          map += it.next();
        }
      }
      return List.of(Row.of(k + "#list", list), Row.of(k + "#map", map)).iterator();
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"hdfs", "rocksdb"})
  void listElementsAndMapValuesWidenedAcrossARestartReadTheirOldValues(String store) throws Exception {
    try (MillraceSession s = MillraceSession.builder().config("millrace.state.provider", store).build();
        MemoryStream m = MemoryStream.create("evolve-in", INPUT)) {
      // a's and b's lists are packed in one entry each; c's 200 elements outgrow one, an entry each
      Row[] first = new Row[203];
      first[0] = in("a", 1);
      first[1] = in("a", 2);
      first[2] = in("b", 3);
      java.util.Arrays.fill(first, 3, first.length, in("c", 1));
      assertThat(run(s, m, () -> new Numbers(false), first))
          .containsExactlyInAnyOrder(Row.of("a#list", 3L), Row.of("a#map", 3L), Row.of("b#list", 3L),
              Row.of("b#map", 3L), Row.of("c#list", 200L), Row.of("c#map", 1L));
      assertThat(run(s, m, () -> new Numbers(true), in("a", 4)))
          .containsExactlyInAnyOrder(Row.of("a#list", 4_000_000_000_003L), Row.of("a#map", 7L));
      assertThat(run(s, m, () -> new Numbers(true), in("b", 5)))
          .containsExactlyInAnyOrder(Row.of("b#list", 5_000_000_000_003L), Row.of("b#map", 8L));
      assertThat(run(s, m, () -> new Numbers(true), in("c", 2)))
          .containsExactlyInAnyOrder(Row.of("c#list", 2_000_000_000_200L), Row.of("c#map", 3L));
    }
  }
}
