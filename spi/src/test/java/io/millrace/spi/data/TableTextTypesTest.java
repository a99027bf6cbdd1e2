package io.millrace.spi.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The show() table for the types of SPI 1.4, as Spark 4.0.1 prints it (session time zone UTC):
 * <pre>
 * spark.sql("SELECT CAST(1 AS TINYINT) b, CAST(2 AS SMALLINT) s, CAST(1.5 AS FLOAT) f, CAST(1.5 AS DECIMAL(5,2)) d,
 *   DATE '2024-05-01' dt, TIMESTAMP_NTZ '2024-05-01 12:00:00.25' ntz, array(1, NULL) arr, map('a', 1, 'b', NULL) m,
 *   named_struct('x', 1, 'y', array('p')) st, array() e").show(false)
 * spark.sql("SELECT CAST(NULL AS DATE) dt, CAST(1e10 AS FLOAT) f, DATE '1969-12-31' old,
 *   CAST(0.000001 AS DECIMAL(10,8)) tiny").show(false)
 * </pre>
 */
class TableTextTypesTest {
  @Test
  void everyNewTypeAsSparkShowsIt() {
    Schema schema = Schema.parse("b TINYINT, s SMALLINT, f FLOAT, d DECIMAL(5,2), dt DATE, ntz TIMESTAMP_NTZ, "
        + "arr ARRAY<INT>, m MAP<STRING, INT>, st STRUCT<x INT, y ARRAY<STRING>>, e ARRAY<INT>");
    Map<String, Integer> m = new LinkedHashMap<>();
    m.put("a", 1);
    m.put("b", null);
    Row row = Row.of((byte) 1, (short) 2, 1.5f, new BigDecimal("1.50"), 19_844, 1_714_564_800_250_000L,
        Arrays.asList(1, null), m, Row.of(1, List.of("p")), List.of());
    assertThat(TableText.render(schema, List.of(row), 20, false)).isEqualTo(String.join("\n",
        "+---+---+---+----+----------+----------------------+---------+-------------------+--------+---+",
        "|b  |s  |f  |d   |dt        |ntz                   |arr      |m                  |st      |e  |",
        "+---+---+---+----+----------+----------------------+---------+-------------------+--------+---+",
        "|1  |2  |1.5|1.50|2024-05-01|2024-05-01 12:00:00.25|[1, NULL]|{a -> 1, b -> NULL}|{1, [p]}|[] |",
        "+---+---+---+----+----------+----------------------+---------+-------------------+--------+---+",
        ""));
  }

  @Test
  void nullsOldDatesAndSmallDecimals() {
    Schema schema = Schema.parse("dt DATE, f FLOAT, old DATE, tiny DECIMAL(10,8)");
    Row row = Row.of(null, 1e10f, -1, new BigDecimal("0.00000100"));
    assertThat(TableText.render(schema, List.of(row), 20, false)).isEqualTo(String.join("\n",
        "+----+------+----------+----------+",
        "|dt  |f     |old       |tiny      |",
        "+----+------+----------+----------+",
        "|NULL|1.0E10|1969-12-31|0.00000100|",
        "+----+------+----------+----------+",
        ""));
  }
}
