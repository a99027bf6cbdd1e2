package io.millrace.runtime.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One thread's parser is fed record after record: a record that is cut short, malformed, or has
 * text after its value must not change how the next record reads. (Each record's answer alone is
 * Spark's, from the from_json facts in spark-json-facts.txt and spark-kafka-facts.txt.)
 */
class JsonValueReaderTest {
  private final JsonValueReader reader = new JsonValueReader(
      DataType.struct(Schema.parse("id LONG, tags ARRAY<STRING>, inner STRUCT<x: INT>")));

  @Test
  void eachRecordReadsAloneWhateverCameBefore() throws Exception {
    assertThat(read("{\"id\": 1, \"tags\": [\"a\"], \"inner\": {\"x\": 2}}"))
        .isEqualTo(Row.of(1L, List.of("a"), Row.of(2)));
    assertMalformed("{\"id\": 2, \"tags\": [\"b\"");          // cut short inside an array
    assertThat(read("{\"id\": 3}")).isEqualTo(Row.of(3L, null, null));
    assertThat(read("{\"id\": 4} {\"id\": 99}")).isEqualTo(Row.of(4L, null, null)); // text after: ignored
    assertThat(read("{\"id\": 4} trailing")).isEqualTo(Row.of(4L, null, null));
    assertThat(read("{\"id\": 4}  \n")).isEqualTo(Row.of(4L, null, null));
    assertThat(read("{\"id\": 4}")).isEqualTo(Row.of(4L, null, null));
    assertThat(read("{\"id\": 5, \"skip\": {\"deep\": [1, {\"z\": [2]}]}}")).isEqualTo(Row.of(5L, null, null));
    assertMalformed("{\"id\": \"six\"}");                      // a value of the wrong type
    assertMalformed("12");                                    // not an object
    assertThat(read("")).isNull();
    assertThat(read("   ")).isNull();
    assertMalformed("{\"id\": 7, \"skip\": [1, 2");           // cut short inside a skipped value
    assertMalformed("not json");
    assertThat(read("{\"inner\": {\"x\": 8}, \"id\": 8}")).isEqualTo(Row.of(8L, null, Row.of(8)));
  }

  @Test
  void textAndBytesReadAlike() throws Exception {
    assertThat(reader.read("{\"id\": 9}")).isEqualTo(reader.read("{\"id\": 9}".getBytes(StandardCharsets.UTF_8)));
  }

  private Object read(String text) throws JsonValueReader.Malformed {
    return reader.read(text.getBytes(StandardCharsets.UTF_8));
  }

  private void assertMalformed(String text) {
    assertThatThrownBy(() -> read(text)).as(text).isInstanceOf(JsonValueReader.Malformed.class);
  }
}
