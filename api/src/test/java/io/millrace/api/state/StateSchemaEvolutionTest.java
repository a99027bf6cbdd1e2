package io.millrace.api.state;

import static io.millrace.api.state.StateSchemaEvolution.incompatibility;
import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import org.junit.jupiter.api.Test;

class StateSchemaEvolutionTest {
  private static Schema s(String ddl) {
    return Schema.parse(ddl);
  }

  @Test
  void anAddedNullableFieldReadsAsNull() {
    Schema written = s("start LONG NOT NULL, count INT NOT NULL");
    Schema reading = s("start LONG NOT NULL, note STRING, count INT NOT NULL");
    assertThat(incompatibility(written, reading)).isEmpty();
    assertThat(StateSchemaEvolution.read(Row.of(5L, 2), written, reading)).isEqualTo(Row.of(5L, null, 2));
  }

  @Test
  void widenedNumbersAreRead() {
    Schema written = s("a BYTE, b INT, c FLOAT, d INT");
    Schema reading = s("a LONG, b LONG, c DOUBLE, d DOUBLE");
    assertThat(incompatibility(written, reading)).isEmpty();
    assertThat(StateSchemaEvolution.read(Row.of((byte) 1, 2, 1.5f, 3), written, reading))
        .isEqualTo(Row.of(1L, 2L, 1.5d, 3d));
  }

  @Test
  void nestedStructsEvolveByTheSameRules() {
    Schema written = s("s STRUCT<a: INT>, l ARRAY<STRUCT<a: INT>>");
    Schema reading = s("s STRUCT<a: LONG, b STRING>, l ARRAY<STRUCT<a: LONG>>");
    assertThat(incompatibility(written, reading)).isEmpty();
    assertThat(StateSchemaEvolution.read(Row.of(Row.of(1), java.util.List.of(Row.of(2))), written, reading))
        .isEqualTo(Row.of(Row.of(1L, null), java.util.List.of(Row.of(2L))));
  }

  @Test
  void everythingElseIsRefusedWithTheReason() {
    assertThat(incompatibility(s("a LONG"), s("a INT"))).contains("field a changed from LONG to INT");
    assertThat(incompatibility(s("a LONG"), s("a DOUBLE"))).as("long to double loses precision")
        .contains("field a changed from LONG to DOUBLE");
    assertThat(incompatibility(s("a INT, b INT"), s("a INT"))).contains("field b was removed");
    assertThat(incompatibility(s("a INT"), s("a INT, b INT NOT NULL"))).get().asString()
        .contains("field b was added but is not nullable");
    assertThat(incompatibility(s("a INT"), s("a INT NOT NULL"))).contains("field a is no longer nullable");
    assertThat(incompatibility(s("s STRUCT<a: INT>"), s("s STRUCT<a: STRING>"))).contains(
        "field s.a changed from INT to STRING");
    assertThat(incompatibility(s("a INT"), s("a STRING"))).isPresent();
  }
}
