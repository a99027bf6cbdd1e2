package io.millrace.plugins.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.plugins.testing.SourceReads;
import io.millrace.plugins.testing.TestSourceContext;
import io.millrace.spi.CorruptFileException;
import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.MillraceException;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.ReadLimit;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceCapability;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RateSourceTest {
  private static final long T0 = 1_700_000_000_000_000L;

  @TempDir Path dir;
  private final AtomicLong nowMicros = new AtomicLong(T0);

  private Source source(Map<String, String> options) {
    return new RateSourceProvider(nowMicros::get).create(TestSourceContext.of("rate", options, dir.resolve("sources/0")));
  }

  private static Row row(long timestampMicros, long value) {
    return Row.of(timestampMicros, value);
  }

  @Test
  void itHasTheRateSchemaAndKeepsEveryPromise() {
    Source source = source(Map.of());
    assertThat(source.schema()).isEqualTo(Schema.parse("timestamp TIMESTAMP NOT NULL, value LONG NOT NULL"));
    assertThat(source.capabilities()).containsExactlyInAnyOrder(
        SourceCapability.REPLAYABLE, SourceCapability.RATE_LIMIT, SourceCapability.AVAILABLE_NOW, SourceCapability.ORDERED);
  }

  @Test
  void rowsAreDueAsTheClockPassesTheirTimestamps() throws Exception {
    Source source = source(Map.of("rowsPerSecond", "4"));
    Offset start = source.initialOffset();
    assertThat(source.latestOffset(start, ReadLimit.allAvailable()).json()).isEqualTo("0");

    nowMicros.set(T0 + 2_500_000);
    Offset end = source.latestOffset(start, ReadLimit.allAvailable());
    assertThat(end.json()).isEqualTo("10");
    assertThat(SourceReads.all(source, start, end)).containsExactly(
        row(T0, 0), row(T0 + 250_000, 1), row(T0 + 500_000, 2), row(T0 + 750_000, 3), row(T0 + 1_000_000, 4),
        row(T0 + 1_250_000, 5), row(T0 + 1_500_000, 6), row(T0 + 1_750_000, 7), row(T0 + 2_000_000, 8), row(T0 + 2_250_000, 9));
  }

  @Test
  void timestampsUseIntegerMathThatNeitherDriftsNorOverflows() {
    RateSchedule thirds = new RateSchedule(T0, 3);
    assertThat(thirds.timestampMicros(1)).isEqualTo(T0 + 333_333);
    assertThat(thirds.timestampMicros(3_000_000_001L)).isEqualTo(T0 + 1_000_000_000_333_333L);
    RateSchedule fast = new RateSchedule(T0, 10_000_000);
    long aYearOfRows = 10_000_000L * 86_400 * 365;
    assertThat(fast.timestampMicros(aYearOfRows)).isEqualTo(T0 + 365L * 86_400 * 1_000_000);
    assertThat(fast.rowsDueAt(T0 + 365L * 86_400 * 1_000_000 + 1)).isEqualTo(aYearOfRows + 10);
  }

  @Test
  void offsetsOnlyMoveForwardAndSurviveTheirJson() throws Exception {
    Source source = source(Map.of("rowsPerSecond", "7"));
    Offset previous = source.initialOffset();
    for (int tick = 1; tick <= 50; tick++) {
      nowMicros.addAndGet(tick % 5 == 0 ? 0 : 123_457);
      Offset latest = source.latestOffset(previous, ReadLimit.allAvailable());
      assertThat(Long.parseLong(latest.json())).isGreaterThanOrEqualTo(Long.parseLong(previous.json()));
      assertThat(source.deserializeOffset(latest.json()).json()).isEqualTo(latest.json());
      previous = latest;
    }
    assertThat(previous.json()).isEqualTo(String.valueOf(new RateSchedule(T0, 7).rowsDueAt(nowMicros.get())));
  }

  @Test
  void theStartTimeIsKeptAndReusedByAFreshInstanceSoReplaysMatch() throws Exception {
    Source first = source(Map.of("rowsPerSecond", "10", "numPartitions", "3"));
    nowMicros.set(T0 + 1_000_000);
    Offset end = first.latestOffset(first.initialOffset(), ReadLimit.allAvailable());
    List<Row> rows = SourceReads.all(first, first.initialOffset(), end);
    assertThat(dir.resolve("sources/0/rate-start")).isRegularFile();

    nowMicros.set(T0 + 60_000_000);
    Source restarted = source(Map.of("rowsPerSecond", "10", "numPartitions", "2"));
    assertThat(SourceReads.all(restarted, restarted.initialOffset(), restarted.deserializeOffset(end.json()))).isEqualTo(rows);
    assertThat(restarted.latestOffset(end, ReadLimit.allAvailable()).json()).isEqualTo("600");
  }

  @Test
  void partitionsAreDisjointOrderedAndCoverTheRange() throws Exception {
    Source source = source(Map.of("rowsPerSecond", "10", "numPartitions", "3"));
    nowMicros.set(T0 + 1_000_000);
    List<List<Row>> partitions = SourceReads.byPartition(source, source.deserializeOffset("2"), source.deserializeOffset("10"));
    List<Long> values = new ArrayList<>();
    partitions.forEach(p -> p.forEach(r -> values.add(r.getLong(1))));
    assertThat(partitions).extracting(List::size).containsExactly(3, 3, 2);
    assertThat(values).containsExactly(2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);
    assertThat(source.planInputPartitions(source.deserializeOffset("4"), source.deserializeOffset("4"))).isEmpty();
  }

  @Test
  void maxRowsPerTriggerBoundsEachBatch() throws Exception {
    Source source = source(Map.of("rowsPerSecond", "100", "maxRowsPerTrigger", "30"));
    nowMicros.set(T0 + 1_000_000);
    ReadLimit limit = source.defaultReadLimit();
    Offset a = source.latestOffset(source.initialOffset(), limit);
    Offset b = source.latestOffset(a, limit);
    Offset c = source.latestOffset(b, limit);
    assertThat(List.of(a.json(), b.json(), c.json())).containsExactly("30", "60", "90");
    assertThat(source.latestOffset(c, limit).json()).isEqualTo("100");
  }

  @Test
  void availableNowStopsAtTheRowsDueWhenItWasPrepared() throws Exception {
    Source source = source(Map.of("rowsPerSecond", "10"));
    nowMicros.set(T0 + 2_000_000);
    source.prepareForAvailableNow();
    nowMicros.set(T0 + 9_000_000);
    assertThat(source.latestOffset(source.initialOffset(), ReadLimit.allAvailable()).json()).isEqualTo("20");
  }

  /** A source records its start time at its first batch. */
  private void firstBatch(Map<String, String> options) throws Exception {
    Source source = source(options);
    source.latestOffset(source.initialOffset(), ReadLimit.allAvailable());
  }

  @Test
  void creatingASourceWritesNothingUntilItsFirstBatch() throws Exception {
    Path file = dir.resolve("sources/0/rate-start");
    Source source = source(Map.of());
    assertThat(file).doesNotExist();
    source.latestOffset(source.initialOffset(), ReadLimit.allAvailable());
    assertThat(file).exists();
  }

  @Test
  void aCorruptStartFileIsReportedByPath() throws Exception {
    Path file = dir.resolve("sources/0/rate-start");
    firstBatch(Map.of());
    String good = Files.readString(file);
    Files.writeString(file, good.replace("\"rowsPerSecond\":1", "\"rowsPerSecond\":2"));
    assertThatThrownBy(() -> source(Map.of()))
        .isInstanceOfSatisfying(CorruptFileException.class, e -> assertThat(e.path()).endsWith("sources/0/rate-start"))
        .hasMessageContaining("checksum");
    Files.write(file, good.substring(0, good.length() - 5).getBytes(StandardCharsets.UTF_8));
    assertThatThrownBy(() -> source(Map.of()))
        .isInstanceOf(CorruptFileException.class)
        .hasMessageContaining(file.toString());
  }

  @Test
  void theRateCannotChangeOnAnExistingCheckpoint() throws Exception {
    firstBatch(Map.of("rowsPerSecond", "5"));
    assertThatThrownBy(() -> source(Map.of("rowsPerSecond", "6")))
        .isInstanceOfSatisfying(InvalidOptionException.class, e -> assertThat(e.option()).isEqualTo("rowsPerSecond"))
        .hasMessageContaining("is 6 but this checkpoint started at 5 rows a second");
  }

  @Test
  void badOptionsAndUserSchemasFailAtCreation() {
    assertThatThrownBy(() -> source(Map.of("rowsPerSecond", "0")))
        .isInstanceOfSatisfying(InvalidOptionException.class, e -> assertThat(e.option()).isEqualTo("rowsPerSecond"));
    assertThatThrownBy(() -> source(Map.of("rowsPerSecond", "fast")))
        .hasMessage("option 'rowsPerSecond' of source 'rate' has the value 'fast'; expected a whole number");
    assertThatThrownBy(() -> source(Map.of("numPartitions", "-2")))
        .isInstanceOfSatisfying(InvalidOptionException.class, e -> assertThat(e.option()).isEqualTo("numPartitions"));
    TestSourceContext context = TestSourceContext.of("rate", Map.of(), dir).withUserSchema(Schema.parse("value LONG"));
    assertThatThrownBy(() -> new RateSourceProvider(nowMicros::get).create(context))
        .isInstanceOf(MillraceException.class)
        .hasMessageContaining("value LONG")
        .hasMessageContaining("timestamp TIMESTAMP NOT NULL, value LONG NOT NULL");
  }
}
