package io.millrace.source.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** JSON lines into every type of the data model: numbers of each width, decimals, dates, arrays, maps, structs. */
class JsonNestedTypesTest {
  private static final Schema SCHEMA = Schema.parse("b TINYINT, s SMALLINT, f FLOAT, amount DECIMAL(10,2), "
      + "day DATE, tags ARRAY<STRING>, attrs MAP<STRING, INT>, loc STRUCT<lat: DOUBLE, lon: DOUBLE>, "
      + "deep ARRAY<STRUCT<n INT, xs ARRAY<LONG>>>");

  private static Object[] parse(String line) throws RecordParser.Malformed {
    JsonLimits limits = new JsonLimits(20_000_000, 1000, 1000);
    JsonRecordParser parser = new JsonRecordParser(SCHEMA, -1, TimestampParser.iso(), limits, limits.factory(),
        new RepeatedStrings.Pool());
    byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
    return parser.parse(bytes, 0, bytes.length);
  }

  @Test
  void everyTypeIsRead() throws Exception {
    Object[] row = parse("{\"b\": -128, \"s\": 32767, \"f\": 1.5, \"amount\": 12.345, \"day\": \"2024-05-01\", "
        + "\"tags\": [\"a\", null, \"c\"], \"attrs\": {\"x\": 1, \"y\": null}, \"loc\": {\"lon\": 2.5, \"lat\": 1.25, \"alt\": 9}, "
        + "\"deep\": [{\"n\": 1, \"xs\": [1, 2]}, null, {\"xs\": []}]}");
    assertThat(row[0]).isEqualTo((byte) -128);
    assertThat(row[1]).isEqualTo((short) 32767);
    assertThat(row[2]).isEqualTo(1.5f);
    assertThat(row[3]).isEqualTo(new BigDecimal("12.35"));
    assertThat(row[4]).isEqualTo((int) LocalDate.of(2024, 5, 1).toEpochDay());
    assertThat(row[5]).isEqualTo(Arrays.asList("a", null, "c"));
    assertThat(((Map<?, ?>) row[6]).keySet().toString()).isEqualTo("[x, y]");
    assertThat(((Map<?, ?>) row[6]).get("x")).isEqualTo(1);
    assertThat(row[7]).isEqualTo(Row.of(1.25, 2.5));
    assertThat(row[8]).isEqualTo(Arrays.asList(Row.of(1, List.of(1L, 2L)), null, Row.of(null, List.of())));
  }

  @Test
  void aValueOfTheWrongShapeSaysWhereItIs() {
    assertThatThrownBy(() -> parse("{\"deep\": [{\"n\": 1, \"xs\": [1, \"two\"]}]}"))
        .isInstanceOf(RecordParser.Malformed.class)
        .hasMessage("'deep[0].xs[1]' of type LONG cannot hold the JSON VALUE_STRING");
    assertThatThrownBy(() -> parse("{\"b\": 300}")).hasMessage("'b': 300 is out of the range of BYTE");
    assertThatThrownBy(() -> parse("{\"amount\": 123456789.5}")).hasMessage("'amount': 123456789.5 does not fit DECIMAL(10,2)");
    assertThatThrownBy(() -> parse("{\"day\": \"2024-02-30\"}")).hasMessage("'day': '2024-02-30' is not a date");
  }
}
