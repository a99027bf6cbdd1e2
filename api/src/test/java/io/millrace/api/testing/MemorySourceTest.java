package io.millrace.api.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.MillraceException;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.ReadLimit;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceCapability;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MemorySourceTest {
  private static final String NAME = "memory-source-test";
  private static final Schema SCHEMA = Schema.parse("id LONG NOT NULL, word STRING");

  @TempDir Path dir;
  private MemoryStream stream;

  @BeforeEach
  void createStream() {
    stream = MemoryStream.create(NAME, SCHEMA);
  }

  @AfterEach
  void removeStream() {
    MemoryStream.remove(NAME);
  }

  private Source source(Map<String, String> options) {
    return new MemorySourceProvider().create(TestSourceContext.of("memory", options, dir));
  }

  private Source source() {
    return source(Map.of("name", NAME));
  }

  private void addRows(long from, long until) {
    List<Row> rows = new ArrayList<>();
    for (long i = from; i < until; i++) {
      rows.add(Row.of(i, "word " + i));
    }
    stream.addData(rows);
  }

  private static List<Long> ids(List<Row> rows) {
    return rows.stream().map(r -> r.getLong(0)).toList();
  }

  @Test
  void itKeepsEveryPromiseOfAReplayableRateLimitedSource() {
    assertThat(source().capabilities()).containsExactlyInAnyOrder(
        SourceCapability.REPLAYABLE, SourceCapability.RATE_LIMIT, SourceCapability.AVAILABLE_NOW, SourceCapability.ORDERED);
    assertThat(source().schema()).isEqualTo(SCHEMA);
  }

  @Test
  void offsetsCountRowsAndSurviveTheirJson() throws Exception {
    Source source = source();
    assertThat(source.initialOffset().json()).isEqualTo("0");
    addRows(0, 7);
    Offset latest = source.latestOffset(source.initialOffset(), ReadLimit.allAvailable());
    assertThat(latest.json()).isEqualTo("7");
    assertThat(source.deserializeOffset(latest.json()).json()).isEqualTo(latest.json());
    assertThat(source().deserializeOffset(" 7 ")).isEqualTo(latest);
    assertThatThrownBy(() -> source.deserializeOffset("seven"))
        .isInstanceOf(MillraceException.class)
        .hasMessageContaining("source 'memory' cannot read the offset 'seven'");
  }

  @Test
  void offsetsOnlyMoveForwardAndStayPutWithoutNewData() throws Exception {
    Source source = source();
    Offset start = source.initialOffset();
    assertThat(source.latestOffset(start, ReadLimit.allAvailable()).json()).isEqualTo(start.json());
    for (int round = 1; round <= 5; round++) {
      addRows(stream.size(), stream.size() + round);
      Offset end = source.latestOffset(start, ReadLimit.allAvailable());
      assertThat(Long.parseLong(end.json())).isGreaterThan(Long.parseLong(start.json()));
      assertThat(source.latestOffset(end, ReadLimit.allAvailable()).json()).isEqualTo(end.json());
      start = end;
    }
  }

  @Test
  void aRangeReadsTheSameRowsOnAFreshInstance() throws Exception {
    addRows(0, 10);
    Source first = source(Map.of("name", NAME, "numPartitions", "3"));
    Offset start = first.deserializeOffset("3");
    Offset end = first.deserializeOffset("9");
    List<Row> rows = SourceReads.all(first, start, end);
    assertThat(ids(rows)).containsExactly(3L, 4L, 5L, 6L, 7L, 8L);

    addRows(10, 20);
    Source fresh = source(Map.of("name", NAME, "numPartitions", "3"));
    assertThat(SourceReads.all(fresh, fresh.deserializeOffset("3"), fresh.deserializeOffset("9"))).isEqualTo(rows);
    first.commit(end);
    first.close();
  }

  @Test
  void partitionsAreDisjointOrderedAndCoverTheRange() throws Exception {
    addRows(0, 10);
    Source source = source(Map.of("name", NAME, "numPartitions", "4"));
    List<List<Row>> partitions = SourceReads.byPartition(source, source.initialOffset(), source.deserializeOffset("10"));
    assertThat(partitions).extracting(MemorySourceTest::ids).containsExactly(
        List.of(0L, 1L, 2L), List.of(3L, 4L, 5L), List.of(6L, 7L), List.of(8L, 9L));
    assertThat(source.planInputPartitions(source.initialOffset(), source.deserializeOffset("2"))).hasSize(2);
  }

  @Test
  void anEmptyRangeHasNoPartitions() throws Exception {
    addRows(0, 5);
    Source source = source(Map.of("name", NAME, "numPartitions", "4"));
    assertThat(source.planInputPartitions(source.deserializeOffset("5"), source.deserializeOffset("5"))).isEmpty();
  }

  @Test
  void maxRowsPerTriggerBoundsEachBatch() throws Exception {
    addRows(0, 10);
    Source source = source(Map.of("name", NAME, "maxRowsPerTrigger", "4"));
    ReadLimit limit = source.defaultReadLimit();
    assertThat(limit.maxRows()).hasValue(4);

    List<String> ends = new ArrayList<>();
    Offset start = source.initialOffset();
    for (Offset end = source.latestOffset(start, limit); !end.json().equals(start.json()); end = source.latestOffset(start, limit)) {
      ends.add(end.json());
      start = end;
    }
    assertThat(ends).containsExactly("4", "8", "10");
    assertThat(source().defaultReadLimit().isAllAvailable()).isTrue();
  }

  @Test
  void availableNowStopsAtWhatWasThereWhenItWasPrepared() throws Exception {
    addRows(0, 5);
    Source source = source();
    source.prepareForAvailableNow();
    addRows(5, 9);
    assertThat(source.latestOffset(source.initialOffset(), ReadLimit.allAvailable()).json()).isEqualTo("5");
    assertThat(source().latestOffset(source.initialOffset(), ReadLimit.allAvailable()).json()).isEqualTo("9");
  }

  @Test
  void aUserSchemaMustBeTheStreams() {
    Schema other = Schema.parse("id INT, word STRING");
    TestSourceContext context = TestSourceContext.of("memory", Map.of("name", NAME), dir);
    assertThatThrownBy(() -> new MemorySourceProvider().create(context.withUserSchema(other)))
        .isInstanceOf(MillraceException.class)
        .hasMessageContaining("id INT, word STRING")
        .hasMessageContaining("id LONG NOT NULL, word STRING");
    assertThat(new MemorySourceProvider().create(context.withUserSchema(SCHEMA)).schema()).isEqualTo(SCHEMA);
  }

  @Test
  void badOptionsFailAtCreationNamingTheOption() {
    assertThatThrownBy(() -> source(Map.of()))
        .isInstanceOfSatisfying(InvalidOptionException.class, e -> assertThat(e.option()).isEqualTo("name"))
        .hasMessage("option 'name' of source 'memory' is required");
    assertThatThrownBy(() -> source(Map.of("name", "no-such-stream")))
        .isInstanceOfSatisfying(InvalidOptionException.class, e -> assertThat(e.option()).isEqualTo("name"))
        .hasMessageContaining("no memory stream of that name")
        .hasMessageContaining(NAME);
    assertThatThrownBy(() -> source(Map.of("name", NAME, "numPartitions", "0")))
        .isInstanceOfSatisfying(InvalidOptionException.class, e -> assertThat(e.option()).isEqualTo("numPartitions"));
    assertThatThrownBy(() -> source(Map.of("name", NAME, "maxRowsPerTrigger", "0")))
        .isInstanceOfSatisfying(InvalidOptionException.class, e -> assertThat(e.option()).isEqualTo("maxRowsPerTrigger"))
        .hasMessageContaining("has the value '0'");
    assertThatThrownBy(() -> source(Map.of("name", NAME, "maxRowsPerTriger", "10")))
        .isInstanceOfSatisfying(InvalidOptionException.class, e -> assertThat(e.option()).isEqualTo("maxRowsPerTriger"));
  }

  @Test
  void aRemovedStreamCannotBeReadAnyMore() throws Exception {
    addRows(0, 3);
    Source source = source();
    var partitions = source.planInputPartitions(source.initialOffset(), source.deserializeOffset("3"));
    MemoryStream.remove(NAME);
    assertThatThrownBy(() -> source.createReader(partitions.get(0)))
        .hasMessageContaining("memory stream '" + NAME + "' no longer exists");
  }
}
