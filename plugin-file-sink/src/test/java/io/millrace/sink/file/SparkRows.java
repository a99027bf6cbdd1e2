package io.millrace.sink.file;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows of the fixed query the Spark facts were made with (run on Spark 4.0.1, session time
 * zone UTC):
 *
 * <pre>
 * SELECT * FROM VALUES
 *  (1, 'plain', CAST(12.50 AS DECIMAL(10,2)), CAST('12345678901234567890.1234567890' AS DECIMAL(38,10)),
 *   DATE'1969-12-31', TIMESTAMP'1969-12-31 23:59:59.123456', TIMESTAMP_NTZ'2024-02-29 10:11:12.5', CAST(1.5 AS FLOAT),
 *   CAST('NaN' AS DOUBLE), true, CAST(-7 AS TINYINT), CAST(300 AS SMALLINT), 9007199254740993L, X'00FF41',
 *   array('a', NULL, 'c'), map('k1', 1, 'k2', NULL), named_struct('lat', 1.25D, 'lon', CAST(NULL AS DOUBLE)), 'a b/c=d%e'),
 *  (2, 'with "quote", comma\nnewline', CAST(-0.01 AS DECIMAL(10,2)), CAST(0 AS DECIMAL(38,10)), DATE'2024-01-01',
 *   TIMESTAMP'2024-01-01 00:00:00', TIMESTAMP_NTZ'1900-01-01 00:00:00', CAST(1e10 AS FLOAT), CAST(-0.0 AS DOUBLE), false,
 *   CAST(0 AS TINYINT), CAST(0 AS SMALLINT), 0L, X'', array(), map(), named_struct('lat', CAST(NULL AS DOUBLE), 'lon', 2.5D), NULL),
 *  (3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, CAST('Infinity' AS DOUBLE), NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, ''),
 *  (4, '', CAST(1E-2 AS DECIMAL(10,2)), CAST(1E-10 AS DECIMAL(38,10)), DATE'0001-01-01', TIMESTAMP'2024-06-01 12:00:00.001',
 *   TIMESTAMP_NTZ'2024-06-01 12:00:00', CAST(0.1 AS FLOAT), 1e20D, true, CAST(127 AS TINYINT), CAST(-32768 AS SMALLINT), -1L,
 *   X'FF', array(NULL), map('z', -1), CAST(NULL AS STRUCT&lt;lat: DOUBLE, lon: DOUBLE&gt;), 'p')
 *  AS t(id, name, amount, big, d, ts, ntz, f, x, b, by, sh, l, bin, tags, attrs, loc, part)
 * </pre>
 * (CAST(-0.0 AS DOUBLE) is 0.0 in Spark: the literal -0.0 is a decimal.)
 */
final class SparkRows {
  static final Schema SCHEMA = Schema.parse("id INT, name STRING, amount DECIMAL(10,2), big DECIMAL(38,10), d DATE,"
      + " ts TIMESTAMP, ntz TIMESTAMP_NTZ, f FLOAT, x DOUBLE, b BOOLEAN, by BYTE, sh SHORT, l LONG, bin BINARY,"
      + " tags ARRAY<STRING>, attrs MAP<STRING, INT>, loc STRUCT<lat: DOUBLE, lon: DOUBLE>, part STRING");

  private SparkRows() {}

  static List<Row> rows() {
    return List.of(
        Row.of(1, "plain", new BigDecimal("12.50"), new BigDecimal("12345678901234567890.1234567890"), -1, -876544L,
            1709201472500000L, 1.5f, Double.NaN, true, (byte) -7, (short) 300, 9007199254740993L,
            new byte[] {0, (byte) 0xff, 0x41}, Arrays.asList("a", null, "c"), map("k1", 1, "k2", null),
            Row.of(1.25, null), "a b/c=d%e"),
        Row.of(2, "with \"quote\", comma\nnewline", new BigDecimal("-0.01"), new BigDecimal("0E-10"), 19723,
            1704067200000000L, -2208988800000000L, 1e10f, 0.0, false, (byte) 0, (short) 0, 0L, new byte[0], List.of(),
            map(), Row.of(null, 2.5), null),
        Row.of(3, null, null, null, null, null, null, null, Double.POSITIVE_INFINITY, null, null, null, null, null, null,
            null, null, ""),
        Row.of(4, "", new BigDecimal("0.01"), new BigDecimal("1E-10").setScale(10), -719162, 1717243200001000L,
            1717243200000000L, 0.1f, 1e20, true, (byte) 127, (short) -32768, -1L, new byte[] {(byte) 0xff},
            Arrays.asList((Object) null), map("z", -1), null, "p"));
  }

  private static Map<String, Integer> map(Object... kv) {
    Map<String, Integer> out = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      out.put((String) kv[i], (Integer) kv[i + 1]);
    }
    return out;
  }

  /** {@code schema}'s rows of {@link #rows()}, by column name. */
  static List<Row> project(Schema schema) {
    return rows().stream().map(r -> {
      Object[] values = new Object[schema.size()];
      for (int i = 0; i < values.length; i++) {
        values[i] = r.get(SCHEMA.indexOf(schema.field(i).name()));
      }
      return Row.wrap(values);
    }).toList();
  }
}
