package io.millrace.runtime.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.CorruptFileException;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every type of the data model survives the state codec, nulls and nesting included, and equal rows encode alike. */
class RowCodecTypesTest {
  private static final Schema ALL = Schema.parse("b TINYINT, s SMALLINT, f FLOAT, small DECIMAL(10,2), "
      + "big DECIMAL(38,6), d DATE, ntz TIMESTAMP_NTZ, tags ARRAY<STRING>, attrs MAP<STRING, INT>, "
      + "nested ARRAY<STRUCT<x DECIMAL(5,1), m MAP<INT, ARRAY<DATE>>>>, ts TIMESTAMP, id LONG");
  private static final RowCodec CODEC = new RowCodec(ALL);

  @Test
  void everyTypeComesBackEqual() {
    Map<String, Integer> attrs = new LinkedHashMap<>();
    attrs.put("z", 1);
    attrs.put("a", null);
    Map<Integer, List<Integer>> inner = new LinkedHashMap<>();
    inner.put(7, Arrays.asList(19_844, null, -719_162));
    Row row = Row.of((byte) -128, (short) 32_767, -0.0f, new BigDecimal("-12345678.90"),
        new BigDecimal("12345678901234567890123456789012.123456"), -1, Long.MIN_VALUE,
        Arrays.asList("a", null, ""), attrs,
        List.of(Row.of(new BigDecimal("1234.5"), inner), Row.of(null, null)), 1L, 2L);

    Row back = CODEC.decode(CODEC.encode(row));

    assertThat(back).isEqualTo(row);
    assertThat(back.getMap(8).keySet()).containsExactly("z", "a");
    assertThat(Float.floatToIntBits(back.getFloat(2))).isEqualTo(Float.floatToIntBits(-0.0f));
  }

  @Test
  void nullsAndEmptiesComeBack() {
    Row nulls = Row.wrap(new Object[ALL.size()]);
    assertThat(CODEC.decode(CODEC.encode(nulls))).isEqualTo(nulls);
    Row empties = Row.of(null, null, Float.NaN, BigDecimal.ZERO.setScale(2), null, null, null, List.of(), Map.of(),
        List.of(), null, null);
    assertThat(CODEC.decode(CODEC.encode(empties))).isEqualTo(empties);
  }

  @Test
  void equalDecimalsEncodeAlikeWhateverScaleTheyCameWith() {
    RowCodec codec = new RowCodec(Schema.parse("d DECIMAL(10,2)"));
    assertThat(codec.encode(Row.of(new BigDecimal("1.5")))).isEqualTo(codec.encode(Row.of(new BigDecimal("1.50"))));
    assertThat(codec.decode(codec.encode(Row.of(new BigDecimal("1.5")))).getDecimal(0)).isEqualTo(new BigDecimal("1.50"));
  }

  @Test
  void anArrayCountBeyondItsBytesIsCorrupt() {
    RowCodec codec = new RowCodec(Schema.parse("a ARRAY<INT>"));
    byte[] bytes = codec.encode(Row.of(List.of(1, 2)));
    bytes[4] = 0x7f; // the count's last byte: 127 elements in 10 bytes
    assertThatThrownBy(() -> codec.decode(bytes)).isInstanceOf(CorruptFileException.class);
  }

  @Test
  void anArrayOfStructsKeepsItsBytesWithNullElementsAndNullFields() {
    // A list of records, the usual processor state, is encoded by one element layout made once;
    // its bytes are the documented ones, which states written before were written with.
    RowCodec codec = new RowCodec(Schema.parse("a ARRAY<STRUCT<x INT>>"));
    Row row = Row.of(Arrays.asList(Row.of(5), null, Row.of((Object) null)));
    byte[] bytes = codec.encode(row);
    assertThat(bytes).containsExactly(1, 0, 0, 0, 3, 1, 1, 0, 0, 0, 5, 0, 1, 0);
    assertThat(codec.decode(bytes)).isEqualTo(row);
    // The same list one level down, where the element layout is looked up by type as before.
    RowCodec nested = new RowCodec(Schema.parse("m MAP<INT, ARRAY<STRUCT<x INT>>>"));
    Row inMap = Row.of(Map.of(1, row.getList(0)));
    byte[] nestedBytes = nested.encode(inMap);
    assertThat(Arrays.copyOfRange(nestedBytes, 10, nestedBytes.length)).containsExactly(Arrays.copyOfRange(bytes, 1,
        bytes.length));
    assertThat(nested.decode(nestedBytes)).isEqualTo(inMap);
  }

  /** Strings are written straight into the buffer while ASCII: the bytes must be those of their UTF-8, whatever they hold. */
  @Test
  void stringsEncodeAsTheirUtf8() {
    Schema schema = Schema.parse("k STRING, tags ARRAY<STRING>");
    RowCodec codec = new RowCodec(schema);
    String[] texts = {"", "k05888", "x".repeat(300), "café", "a\u0080b", "\u007f", "emoji \uD83D\uDE00 end",
        "half \uD83D surrogate", "\uDE00", "日本語"};
    for (String text : texts) {
      Row row = Row.of(text, Arrays.asList(text, null, "ascii"));
      byte[] utf8 = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
      byte[] encoded = codec.encode(row);
      java.nio.ByteBuffer expected = java.nio.ByteBuffer.allocate(encoded.length);
      // present, the length, then the bytes: as writeBytes of getBytes(UTF_8) wrote it
      expected.put((byte) 1).putInt(utf8.length).put(utf8);
      assertThat(Arrays.copyOf(encoded, 5 + utf8.length)).as(text).isEqualTo(Arrays.copyOf(expected.array(),
          5 + utf8.length));
      Row back = codec.decode(encoded);
      assertThat(back.getString(0)).isEqualTo(new String(utf8, java.nio.charset.StandardCharsets.UTF_8));
      assertThat(back.getList(1)).isEqualTo(Arrays.asList(back.getString(0), null, "ascii"));
    }
  }
}
