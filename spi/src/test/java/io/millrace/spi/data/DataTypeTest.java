package io.millrace.spi.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Spark's DDL for every type, read and written back; refused types say why. */
class DataTypeTest {
  @Test
  void everyPrimitiveByItsNameAndSqlAliases() {
    assertThat(List.of("boolean", "bool", "tinyint", "byte", "smallint", "short", "int", "integer", "bigint", "long",
        "float", "real", "double", "float8", "string", "varchar", "text", "binary", "date", "timestamp",
        "timestamp_ltz", "timestamp_ntz").stream().map(DataType::parse).map(DataType::toString))
        .containsExactly("BOOLEAN", "BOOLEAN", "BYTE", "BYTE", "SHORT", "SHORT", "INT", "INT", "LONG", "LONG",
            "FLOAT", "FLOAT", "DOUBLE", "DOUBLE", "STRING", "STRING", "STRING", "BINARY", "DATE", "TIMESTAMP",
            "TIMESTAMP", "TIMESTAMP_NTZ");
  }

  @Test
  void decimalsTakePrecisionAndScaleWithSparksDefaults() {
    assertThat(DataType.parse("DECIMAL(10,2)")).isEqualTo(DataType.decimal(10, 2));
    assertThat(DataType.parse("decimal( 38 , 0 )")).isEqualTo(DataType.decimal(38, 0));
    assertThat(DataType.parse("DECIMAL")).isEqualTo(DataType.decimal(10, 0));
    assertThat(DataType.parse("NUMERIC(5)")).isEqualTo(DataType.decimal(5, 0));
    assertThat(DataType.decimal(10, 2)).hasToString("DECIMAL(10,2)");
    assertThat(DataType.decimal(10, 2).javaClass()).isEqualTo(BigDecimal.class);
    assertThatThrownBy(() -> DataType.parse("DECIMAL(39,2)")).hasMessage("DECIMAL precision 39 is out of range 1 to 38");
    assertThatThrownBy(() -> DataType.parse("DECIMAL(5,6)"))
        .hasMessage("DECIMAL scale 6 is out of range 0 to its precision 5");
  }

  @Test
  void nestedTypesReadBackEqual() {
    Schema s = Schema.parse("a DECIMAL(10,2), tags ARRAY<STRING>, attrs MAP<STRING,INT>, "
        + "loc STRUCT<lat: DOUBLE, lon: DOUBLE>, deep ARRAY<MAP<STRING, STRUCT<`x y`: ARRAY<DATE>, n INT NOT NULL>>>");
    assertThat(s.names()).containsExactly("a", "tags", "attrs", "loc", "deep");
    assertThat(s.field(1).type()).isEqualTo(DataType.array(DataType.STRING));
    assertThat(s.field(2).type()).isEqualTo(DataType.map(DataType.STRING, DataType.INT));
    assertThat(s.field(3).type().fields().names()).containsExactly("lat", "lon");
    DataType inner = s.field(4).type().elementType().valueType();
    assertThat(inner.fields().field(0).name()).isEqualTo("x y");
    assertThat(inner.fields().field(1).nullable()).isFalse();
    assertThat(s.toDdl()).isEqualTo("a DECIMAL(10,2), tags ARRAY<STRING>, attrs MAP<STRING, INT>, "
        + "loc STRUCT<lat DOUBLE, lon DOUBLE>, deep ARRAY<MAP<STRING, STRUCT<`x y` ARRAY<DATE>, n INT NOT NULL>>>");
    assertThat(Schema.parse(s.toDdl())).isEqualTo(s);
    assertThat(Schema.parse(Schema.parse("a ARRAY<INT NOT NULL>, m MAP<STRING, LONG NOT NULL>").toDdl()))
        .isEqualTo(Schema.of(Field.of("a", DataType.array(DataType.INT, false)),
            Field.of("m", DataType.map(DataType.STRING, DataType.LONG, false))));
  }

  @Test
  void namesThatEarlierStateSchemaFilesWroteBareStillRead() {
    Schema s = Schema.parse("n LONG NOT NULL, max(amount) LONG, avg(amount).sum DOUBLE NOT NULL");
    assertThat(s.names()).containsExactly("n", "max(amount)", "avg(amount).sum");
    assertThat(s.toDdl()).isEqualTo("n LONG NOT NULL, max(amount) LONG, avg(amount).sum DOUBLE NOT NULL");
  }

  @Test
  void eachTypeSaysItsJavaClass() {
    assertThat(DataType.DATE.javaClass()).isEqualTo(Integer.class);
    assertThat(DataType.TIMESTAMP_NTZ.javaClass()).isEqualTo(Long.class);
    assertThat(DataType.BYTE.javaClass()).isEqualTo(Byte.class);
    assertThat(DataType.SHORT.javaClass()).isEqualTo(Short.class);
    assertThat(DataType.FLOAT.javaClass()).isEqualTo(Float.class);
    assertThat(DataType.array(DataType.INT).javaClass()).isEqualTo(List.class);
    assertThat(DataType.map(DataType.INT, DataType.INT).javaClass()).isEqualTo(Map.class);
    assertThat(DataType.decimal(3, 1).isNumeric()).isTrue();
    assertThat(DataType.SHORT.isIntegral()).isTrue();
    assertThat(DataType.FLOAT.isIntegral()).isFalse();
  }

  @Test
  void typesMillraceLacksAreRefusedWithTheReason() {
    assertThatThrownBy(() -> DataType.parse("VARCHAR(10)"))
        .hasMessage("type 'VARCHAR(10)' is not supported: Millrace has no length-limited text type; use STRING");
    assertThatThrownBy(() -> DataType.parse("interval day")).hasMessageStartingWith(
        "type 'interval day' is not supported: Millrace has no INTERVAL type");
    assertThatThrownBy(() -> DataType.parse("blob")).hasMessageStartingWith("unknown type 'blob'; known types: BOOLEAN,");
    assertThatThrownBy(() -> DataType.parse("ARRAY<INT")).hasMessage(
        "expected the '>' closing ARRAY< at position 10 of 'ARRAY<INT' but found the end");
    assertThatThrownBy(() -> Schema.parse("a INT, b")).hasMessage("schema 'a INT, b': field 'b' has no type");
    assertThatThrownBy(() -> Schema.parse("a INT,, b LONG")).hasMessage("schema 'a INT,, b LONG': a field has no name at position 7 of 'a INT,, b LONG'");
    assertThatThrownBy(() -> Schema.parse("a INT, a LONG")).hasMessageContaining("duplicate field name 'a'");
  }
}
