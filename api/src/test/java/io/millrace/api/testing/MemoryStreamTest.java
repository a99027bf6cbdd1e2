package io.millrace.api.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class MemoryStreamTest {
  private static final Schema SCHEMA = Schema.parse("id INT NOT NULL, name STRING, window STRUCT<start TIMESTAMP NOT NULL, end TIMESTAMP>");

  @AfterEach
  void forgetStreams() {
    MemoryStream.remove("stream-test-a");
    MemoryStream.remove("stream-test-b");
  }

  @Test
  void addDataReturnsTheNewEndOffset() {
    MemoryStream stream = MemoryStream.create("stream-test-a", SCHEMA);
    assertThat(stream.size()).isZero();
    assertThat(stream.addData(Row.of(1, "a", null), Row.of(2, null, Row.of(10L, 20L)))).isEqualTo(2);
    assertThat(stream.addData(List.of(Row.of(3, "c", Row.of(30L, null))))).isEqualTo(3);
    assertThat(stream.rows(new RowRange(1, 3))).containsExactly(Row.of(2, null, Row.of(10L, 20L)), Row.of(3, "c", Row.of(30L, null)));
  }

  @Test
  void theRegistryFindsStreamsByNameAndRefusesDuplicates() {
    MemoryStream stream = MemoryStream.create("stream-test-a", SCHEMA);
    assertThat(MemoryStream.get("stream-test-a")).isSameAs(stream);
    assertThat(stream.name()).isEqualTo("stream-test-a");
    assertThat(stream.schema()).isEqualTo(SCHEMA);

    assertThatThrownBy(() -> MemoryStream.create("stream-test-a", SCHEMA))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("a memory stream named 'stream-test-a' already exists");

    MemoryStream.create("stream-test-b", SCHEMA);
    assertThatThrownBy(() -> MemoryStream.get("stream-test-c"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no memory stream named 'stream-test-c'")
        .hasMessageContaining("stream-test-a, stream-test-b");

    MemoryStream.remove("stream-test-a");
    assertThat(MemoryStream.find("stream-test-a")).isEmpty();
  }

  @Test
  void aStreamCreatedWithoutANameGetsAFreshOneAndCloseForgetsIt() {
    MemoryStream first = MemoryStream.create(SCHEMA);
    MemoryStream second = MemoryStream.create(SCHEMA);
    assertThat(first.name()).startsWith("memory-stream-").isNotEqualTo(second.name());
    assertThat(MemoryStream.get(first.name())).isSameAs(first);
    first.close();
    second.close();
    assertThat(MemoryStream.find(first.name())).isEmpty();
    assertThat(MemoryStream.find(second.name())).isEmpty();
  }

  @Test
  void closingAStreamLeavesAnotherOfTheSameNameRegistered() {
    MemoryStream old = MemoryStream.create("stream-test-a", SCHEMA);
    MemoryStream.remove("stream-test-a");
    MemoryStream replacement = MemoryStream.create("stream-test-a", SCHEMA);
    old.close();
    assertThat(MemoryStream.get("stream-test-a")).isSameAs(replacement);
  }

  @Test
  void rowsThatDoNotFitTheSchemaAreRefusedAndNothingIsAdded() {
    MemoryStream stream = MemoryStream.create("stream-test-a", SCHEMA);
    Row good = Row.of(1, "a", null);

    assertThatThrownBy(() -> stream.addData(good, Row.of(2, "b")))
        .hasMessageContaining("refuses row 1 of the 2 added")
        .hasMessageContaining("it has 2 values but the schema has 3 columns")
        .hasMessageContaining("nothing was added");
    assertThatThrownBy(() -> stream.addData(Row.of(1L, "a", null)))
        .hasMessageContaining("column 'id' of type INT needs a Integer but holds a Long (1)");
    assertThatThrownBy(() -> stream.addData(Row.of(null, "a", null)))
        .hasMessageContaining("column 'id' is NOT NULL but holds null");
    assertThatThrownBy(() -> stream.addData(Row.of(1, "a", Row.of(null, 5L))))
        .hasMessageContaining("in struct column 'window': column 'start' is NOT NULL but holds null");
    assertThatThrownBy(() -> stream.addData(good, null))
        .hasMessageContaining("the row is null");

    assertThat(stream.size()).isZero();
  }

  @Test
  void everyTypeAcceptsItsJavaClass() {
    Schema all = Schema.parse("b BOOLEAN, i INT, l LONG, d DOUBLE, s STRING, x BINARY, t TIMESTAMP");
    MemoryStream stream = MemoryStream.create("stream-test-a", all);
    assertThat(stream.addData(Row.of(true, 1, 2L, 3.0, "s", new byte[] {1}, 4L))).isEqualTo(1);
    assertThatThrownBy(() -> stream.addData(Row.of(true, 1, 2L, 3.0f, "s", new byte[] {1}, 4L)))
        .hasMessageContaining("column 'd' of type DOUBLE");
  }

  @Test
  void readingPastTheEndOfAStreamSaysSo() {
    MemoryStream stream = MemoryStream.create("stream-test-a", SCHEMA);
    stream.addData(Row.of(1, "a", null));
    assertThatThrownBy(() -> stream.rows(new RowRange(0, 2)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("memory stream 'stream-test-a' has 1 rows; cannot read rows 0..1");
  }
}
