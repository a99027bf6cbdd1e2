package io.millrace.sink.delta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.MillraceException;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.InputPartition;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.PartitionReader;
import io.millrace.spi.source.ReadLimit;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceCapability;
import io.millrace.tck.TckContext;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code delta} source on tables this module's sink (and Kernel) wrote: what each range reads, and what it refuses. */
class DeltaSourceTest {
  private static final Schema EVENTS = Schema.parse("id LONG NOT NULL, key STRING, amount DOUBLE");

  @TempDir Path dir;

  private static List<Row> events(long from, int count) {
    List<Row> rows = new ArrayList<>();
    for (long id = from; id < from + count; id++) {
      rows.add(Row.of(id, "k" + id % 3, id * 1.5));
    }
    return rows;
  }

  private static Source open(Map<String, String> options) {
    return new DeltaSourceProvider().create(TckContext.source("delta", options, "q", Optional.empty(),
        Path.of(System.getProperty("java.io.tmpdir")).toUri()));
  }

  private static Source open(DeltaTables table, String... more) {
    Map<String, String> options = new HashMap<>(Map.of("path", table.path()));
    for (int i = 0; i < more.length; i += 2) {
      options.put(more[i], more[i + 1]);
    }
    return open(options);
  }

  private static List<Row> read(Source source, Offset start, Offset end) throws IOException {
    List<Row> rows = new ArrayList<>();
    for (InputPartition partition : source.planInputPartitions(start, end)) {
      try (PartitionReader reader = source.createReader(partition)) {
        while (reader.next()) {
          rows.add(reader.get());
        }
      }
    }
    return rows;
  }

  /** A static read, as session.read() drives a source: everything available now, once. */
  private static List<Row> readAll(Source source) throws IOException {
    Offset initial = source.initialOffset();
    source.prepareForAvailableNow();
    return read(source, initial, source.latestOffset(initial, ReadLimit.allAvailable()));
  }

  private DeltaTables table(String name, Schema schema, String... partitionBy) {
    return new DeltaTables(dir.resolve(name), schema, List.of(partitionBy)).create();
  }

  @Test
  void aNewQueryReadsTheSnapshotThenOnlyWhatLaterCommitsAdd() throws Exception {
    try (DeltaTables table = table("t", EVENTS, "key")) {
      table.append(events(0, 4));
      table.append(events(4, 3));
      try (Source source = open(table)) {
        assertThat(source.schema()).isEqualTo(EVENTS);
        assertThat(source.capabilities()).containsExactlyInAnyOrder(SourceCapability.REPLAYABLE,
            SourceCapability.AVAILABLE_NOW, SourceCapability.COLUMN_PRUNING);
        Offset initial = source.initialOffset();
        assertThat(initial.json()).isEqualTo("{\"version\":-1}");
        Offset first = source.latestOffset(initial, ReadLimit.allAvailable());
        assertThat(first.json()).isEqualTo("{\"version\":2}");
        assertThat(read(source, initial, first)).as("the snapshot at version 2, partition values included")
            .containsExactlyInAnyOrderElementsOf(events(0, 7));
        assertThat(source.planInputPartitions(initial, first)).as("one partition per data file (3 keys x 2 commits)")
            .hasSize(6);

        table.append(events(7, 2));
        table.append(events(9, 5));
        Offset second = source.latestOffset(first, ReadLimit.allAvailable());
        assertThat(second.json()).isEqualTo("{\"version\":4}");
        assertThat(read(source, first, second)).containsExactlyInAnyOrderElementsOf(events(7, 7));
        assertThat(source.latestOffset(second, ReadLimit.allAvailable())).isEqualTo(second);
        assertThat(read(source, source.deserializeOffset("{\"version\":3}"), second))
            .as("(3, 4] is commit 4 alone").containsExactlyInAnyOrderElementsOf(events(9, 5));
      }
    }
  }

  @Test
  void everyTypeOfTheSinkReadsBackAsWritten() throws Exception {
    Schema all = Schema.parse("day DATE, id LONG NOT NULL, flag BOOLEAN, b TINYINT, s SMALLINT, n INT, f FLOAT,"
        + " x DOUBLE, amount DECIMAL(10,2), big DECIMAL(30,4), str STRING, bin BINARY, ts TIMESTAMP, ntz TIMESTAMP_NTZ,"
        + " tags ARRAY<STRING>, attrs MAP<STRING, INT>, window STRUCT<start TIMESTAMP, end TIMESTAMP>,"
        + " nested ARRAY<STRUCT<x INT, ys ARRAY<LONG>>>");
    Map<String, Integer> attrs = new LinkedHashMap<>();
    attrs.put("a", 1);
    attrs.put("b", null);
    List<Row> rows = List.of(
        Row.of(19_844, 1L, true, (byte) -8, (short) 300, 7, 1.5f, 2.5, new BigDecimal("12.34"),
            new BigDecimal("12345678901234567890.1234"), "a", new byte[] {1, 2}, 1_700_000_000_123_456L,
            1_700_000_000_000_001L, Arrays.asList("x", null), attrs, Row.of(60_000_000L, 120_000_000L),
            List.of(Row.of(1, List.of(2L, 3L)))),
        Row.of(null, 2L, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null),
        Row.of(-1, 3L, false, (byte) 0, (short) 0, -1, -0.0f, -0.5, new BigDecimal("-0.01"),
            BigDecimal.ZERO.setScale(4), "", new byte[0], 0L, 0L, List.of(), Map.of(), Row.of(null, 5L), List.of()));
    try (DeltaTables table = table("types", all, "day"); Source source = open(table)) {
      table.append(rows);
      assertThat(source.schema()).isEqualTo(all);
      assertThat(readAll(source)).containsExactlyInAnyOrderElementsOf(rows);
    }
  }

  @Test
  void aCommitThatRemovesDataFailsTheReadNamingTheTableTheVersionAndTheOptions() throws Exception {
    try (DeltaTables table = table("r", EVENTS)) {
      table.append(events(0, 3));
      try (Source source = open(table)) {
        Offset first = source.latestOffset(source.initialOffset(), ReadLimit.allAvailable());
        table.replace(events(100, 2)); // version 2: removes the file of version 1, adds one
        table.append(events(3, 2));
        assertThatThrownBy(() -> source.latestOffset(first, ReadLimit.allAvailable()))
            .isInstanceOf(MillraceException.class)
            .hasMessageContaining("commit 2 of the Delta table at " + table.path())
            .hasMessageContaining("skipChangeCommits=true").hasMessageContaining("ignoreChanges=true");
      }
      try (Source fresh = open(table)) {
        assertThat(readAll(fresh)).as("a new query reads the snapshot, which the replace does not trouble")
            .containsExactlyInAnyOrderElementsOf(concat(events(100, 2), events(3, 2)));
      }
    }
  }

  @Test
  void skipChangeCommitsSkipsTheWholeCommitAndCountsIt() throws Exception {
    try (DeltaTables table = table("s", EVENTS, "key")) {
      table.append(events(0, 3));
      try (Source source = open(table, "skipChangeCommits", "true")) {
        Offset first = source.latestOffset(source.initialOffset(), ReadLimit.allAvailable());
        table.replace(events(100, 2));
        assertThat(source.latestOffset(first, ReadLimit.allAvailable())).as("a skipped commit alone is nothing new")
            .isEqualTo(first);
        assertThat(source.metrics()).as("but it is counted already").containsEntry("numSkippedChangeCommits", "1");
        table.append(events(3, 2));
        Offset next = source.latestOffset(first, ReadLimit.allAvailable());
        assertThat(next.json()).isEqualTo("{\"version\":3}");
        assertThat(read(source, first, next)).as("the replace's added rows are skipped too, as in Spark")
            .containsExactlyInAnyOrderElementsOf(events(3, 2));
        assertThat(source.metrics()).containsEntry("numSkippedChangeCommits", "1");
        read(source, first, next);
        assertThat(source.metrics()).as("a replanned range counts a commit once").containsEntry("numSkippedChangeCommits", "1");
      }
    }
  }

  @Test
  void aCommitThatOnlyDeletesFailsUnlessIgnoreDeletes() throws Exception {
    try (DeltaTables table = table("d", EVENTS)) {
      table.append(events(0, 3));
      table.replace(List.of()); // version 2: removes every file, adds none
      table.append(events(3, 2));
      try (Source strict = open(table, "startingVersion", "1")) {
        assertThatThrownBy(() -> strict.latestOffset(strict.initialOffset(), ReadLimit.allAvailable()))
            .isInstanceOf(MillraceException.class).hasMessageContaining("commit 2").hasMessageContaining("deletes data")
            .hasMessageContaining("ignoreDeletes=true");
      }
      try (Source lenient = open(table, "startingVersion", "1", "ignoreDeletes", "true")) {
        assertThat(readAll(lenient)).containsExactlyInAnyOrderElementsOf(events(0, 5));
        assertThat(lenient.metrics()).containsEntry("numIgnoredDeleteCommits", "1");
      }
    }
  }

  @Test
  void startingVersionReadsTheCommitsFromThereAndNoSnapshot() throws Exception {
    try (DeltaTables table = table("sv", EVENTS)) {
      table.append(events(0, 2));
      table.append(events(2, 2));
      table.append(events(4, 2));
      try (Source source = open(table, "startingVersion", "2")) {
        assertThat(source.initialOffset().json()).isEqualTo("{\"version\":1}");
        assertThat(readAll(source)).containsExactlyInAnyOrderElementsOf(events(2, 4));
      }
      try (Source fromZero = open(table, "startingVersion", "0")) {
        assertThat(readAll(fromZero)).containsExactlyInAnyOrderElementsOf(events(0, 6));
      }
      assertThatThrownBy(() -> open(table, "startingVersion", "4")).isInstanceOf(InvalidOptionException.class)
          .hasMessageContaining("startingVersion").hasMessageContaining("latest version of the Delta table at "
              + table.path() + " is 3");
    }
  }

  @Test
  void versionAsOfReadsThatSnapshotAndNothingAfter() throws Exception {
    try (DeltaTables table = table("v", EVENTS)) {
      table.append(events(0, 2));
      table.append(events(2, 2));
      try (Source source = open(table, "versionAsOf", "1")) {
        Offset initial = source.initialOffset();
        Offset end = source.latestOffset(initial, ReadLimit.allAvailable());
        assertThat(end.json()).isEqualTo("{\"version\":1}");
        assertThat(read(source, initial, end)).containsExactlyInAnyOrderElementsOf(events(0, 2));
        table.append(events(4, 2));
        assertThat(source.latestOffset(end, ReadLimit.allAvailable())).isEqualTo(end);
      }
      assertThatThrownBy(() -> open(table, "versionAsOf", "9")).isInstanceOf(InvalidOptionException.class)
          .hasMessageContaining("versionAsOf").hasMessageContaining(table.path());
    }
  }

  @Test
  void availableNowStopsAtTheVersionThereWhenPrepared() throws Exception {
    try (DeltaTables table = table("an", EVENTS); Source source = open(table)) {
      table.append(events(0, 2));
      source.prepareForAvailableNow();
      table.append(events(2, 2));
      Offset end = source.latestOffset(source.initialOffset(), ReadLimit.allAvailable());
      assertThat(read(source, source.initialOffset(), end)).containsExactlyInAnyOrderElementsOf(events(0, 2));
      assertThat(source.latestOffset(end, ReadLimit.allAvailable())).isEqualTo(end);
    }
  }

  @Test
  void pruningReadsOnlyTheAskedColumnsAPartitionColumnAmongThem() throws Exception {
    try (DeltaTables table = table("p", EVENTS, "key"); Source source = open(table)) {
      table.append(events(0, 4));
      source.pruneColumns(Schema.parse("id LONG NOT NULL, key STRING"));
      assertThat(source.schema()).isEqualTo(Schema.parse("id LONG NOT NULL, key STRING"));
      assertThat(readAll(source)).containsExactlyInAnyOrder(Row.of(0L, "k0"), Row.of(1L, "k1"), Row.of(2L, "k2"),
          Row.of(3L, "k0"));
      assertThatThrownBy(() -> open(table).pruneColumns(Schema.parse("nope INT")))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nope");
    }
  }

  @Test
  void badOptionsAreRefusedAtCreateByName() throws Exception {
    assertThatThrownBy(() -> open(Map.of())).isInstanceOf(InvalidOptionException.class)
        .hasMessageContaining("option 'path' of source 'delta' is required");
    Path plain = Files.createDirectories(dir.resolve("plain"));
    assertThatThrownBy(() -> open(Map.of("path", plain.toString()))).isInstanceOf(InvalidOptionException.class)
        .hasMessageContaining(plain.toString()).hasMessageContaining("not a Delta table");
    try (DeltaTables table = table("o", EVENTS)) {
      assertThatThrownBy(() -> open(table, "colour", "red")).isInstanceOf(InvalidOptionException.class)
          .hasMessageContaining("option 'colour' of source 'delta' is not known")
          .hasMessageContaining("startingVersion, versionAsOf, skipChangeCommits");
      assertThatThrownBy(() -> open(table, "maxFilesPerTrigger", "1")).isInstanceOf(InvalidOptionException.class)
          .hasMessageContaining("'maxFilesPerTrigger'").hasMessageContaining("rate limits are not implemented");
      assertThatThrownBy(() -> open(table, "startingVersion", "latest")).isInstanceOf(InvalidOptionException.class)
          .hasMessageContaining("'latest' is not implemented");
      assertThatThrownBy(() -> open(table, "startingVersion", "0", "versionAsOf", "0"))
          .isInstanceOf(InvalidOptionException.class).hasMessageContaining("exclude each other");
      assertThatThrownBy(() -> open(table, "skipChangeCommits", "yes")).isInstanceOf(InvalidOptionException.class)
          .hasMessageContaining("skipChangeCommits");
      assertThatThrownBy(() -> new DeltaSourceProvider().create(TckContext.source("delta", Map.of("path", table.path()),
          "q", Optional.of(EVENTS), dir.toUri()))).isInstanceOf(MillraceException.class)
          .hasMessageContaining("takes its schema from the Delta table's log");
    }
  }

  @Test
  void theProviderIsRegisteredAsTheDeltaSource() {
    List<String> names = new ArrayList<>();
    java.util.ServiceLoader.load(io.millrace.spi.source.SourceProvider.class).forEach(p -> names.add(p.name()
        + "=" + p.getClass().getName()));
    assertThat(names).contains("delta=io.millrace.sink.delta.DeltaSourceProvider");
  }

  private static List<Row> concat(List<Row> a, List<Row> b) {
    List<Row> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }
}
