package io.millrace.api.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StateCodecsTest {
  record Session(long start, long end, int count, Long cents) {}

  record Visit(String page, Instant at) {}

  record Visitor(String id, LocalDate since, List<Visit> visits, Map<String, Long> counts, Session current,
      byte[] tag, BigDecimal score) {}

  record Holder(Object anything) {}

  @Test
  void aRecordIsARowWithAFieldPerComponentPrimitivesNotNullable() {
    StateCodec<Session> codec = StateCodecs.record(Session.class);
    assertThat(codec.schema()).isEqualTo(Schema.parse("start LONG NOT NULL, end LONG NOT NULL, count INT NOT NULL,"
        + " cents LONG"));
    Session s = new Session(1_000, 31_000, 2, null);
    assertThat(codec.encode(s)).isEqualTo(Row.of(1_000L, 31_000L, 2, null));
    assertThat(codec.decode(codec.encode(s))).isEqualTo(s);
  }

  /**
   * A processor asks for its codecs in init, per partition and batch: a codec made each time got
   * new reflective accessors each time, which the JVM generated into classes and compiled anew.
   */
  @Test
  void aRecordClassHasOneCodecHowEverOftenItIsAskedFor() {
    assertThat(StateCodecs.record(Session.class)).isSameAs(StateCodecs.record(Session.class));
    assertThat(StateCodecs.record(Visitor.class)).isSameAs(StateCodecs.record(Visitor.class))
        .isNotSameAs(StateCodecs.record(Session.class));
  }

  @Test
  void nestedRecordsListsMapsAndTimesRoundTrip() {
    StateCodec<Visitor> codec = StateCodecs.record(Visitor.class);
    Instant at = Instant.parse("2026-01-01T00:00:01.000002Z");
    Visitor v = new Visitor("u1", LocalDate.of(2026, 1, 2), List.of(new Visit("/a", at), new Visit("/b", null)),
        Map.of("a", 3L), new Session(1, 2, 3, 4L), new byte[] {7}, new BigDecimal("1.5"));
    Row row = codec.encode(v);
    assertThat(row.getStruct(4)).isEqualTo(Row.of(1L, 2L, 3, 4L));
    assertThat(((Row) row.getList(2).get(0)).get(1)).as("a timestamp is microseconds since the epoch")
        .isEqualTo(1_767_225_601_000_002L);
    assertThat(row.get(1)).as("a date is days since the epoch").isEqualTo((int) LocalDate.of(2026, 1, 2).toEpochDay());
    Visitor back = codec.decode(row);
    assertThat(back.visits()).isEqualTo(v.visits());
    assertThat(back.counts()).isEqualTo(v.counts());
    assertThat(back.current()).isEqualTo(v.current());
    assertThat(back.tag()).containsExactly(7);
    assertThat(back.score()).isEqualByComparingTo("1.5");
    assertThat(codec.schema().field(2).type().toString()).contains("ARRAY<STRUCT<page");
  }

  @Test
  void singleValues() {
    StateCodec<Long> longs = StateCodecs.value(Long.class);
    assertThat(longs.schema()).isEqualTo(Schema.parse("value LONG NOT NULL"));
    assertThat(longs.decode(longs.encode(42L))).isEqualTo(42L);
    StateCodec<Instant> times = StateCodecs.value(Instant.class);
    Instant t = Instant.parse("2026-03-04T05:06:07Z");
    assertThat(times.decode(times.encode(t))).isEqualTo(t);
    assertThatThrownBy(() -> longs.encode(null)).hasMessageContaining("cannot be null");
  }

  @Test
  void rowsAreKeptAsTheyAre() {
    StateCodec<Row> rows = StateCodecs.row(Schema.parse("a INT, b STRING"));
    assertThat(rows.decode(rows.encode(Row.of(1, "x")))).isEqualTo(Row.of(1, "x"));
    assertThatThrownBy(() -> rows.encode(Row.of(1))).hasMessageContaining("needs 2 values");
  }

  @Test
  void typesAStateCannotHoldAreRefusedNamingTheComponent() {
    assertThatThrownBy(() -> StateCodecs.record(Holder.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("component anything of " + Holder.class.getName())
        .hasMessageContaining("java.lang.Object");
    assertThatThrownBy(() -> StateCodecs.value(long.class)).hasMessageContaining("its box");
  }
}
