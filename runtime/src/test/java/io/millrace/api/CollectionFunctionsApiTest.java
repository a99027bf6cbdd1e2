package io.millrace.api;

import static io.millrace.api.ColumnTest.bind;
import static io.millrace.api.ColumnTest.eval;
import static io.millrace.api.functions.array;
import static io.millrace.api.functions.array_contains;
import static io.millrace.api.functions.col;
import static io.millrace.api.functions.element_at;
import static io.millrace.api.functions.lit;
import static io.millrace.api.functions.map;
import static io.millrace.api.functions.map_keys;
import static io.millrace.api.functions.size;
import static io.millrace.api.functions.sort_array;
import static io.millrace.api.functions.struct;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Arrays and maps through the Java API, with the same values as SQL text (whose values
 * SparkCastAndTimeFactsTest checks against Spark), and what the facts cannot show: an empty
 * array's type, a NULL map key, struct field names from columns.
 */
class CollectionFunctionsApiTest {
  @Test
  void javaCallsGiveTheSqlFunctionsValues() {
    assertThat(eval(array(col("amount"), lit(null), lit(3)))).isEqualTo(Arrays.asList(12, null, 3));
    assertThat(eval(size(array(col("key"), col("text"))))).isEqualTo(2);
    assertThat(eval(element_at(array(lit(10), lit(20)), -1))).isEqualTo(20);
    assertThat(eval(array_contains(array(lit("a"), col("key")), "apple"))).isEqualTo(true);
    assertThat(eval(map_keys(map(lit("a"), lit(1), lit("b"), lit(2))))).isEqualTo(List.of("a", "b"));
    assertThat(eval(sort_array(array(lit(3), lit(1)), false))).isEqualTo(List.of(3, 1));
    assertThat(eval(struct(col("key"), col("amount")))).isEqualTo(Row.of("apple", 12));
    assertThat(bind(struct(col("key"), col("amount"))).type().fields().names()).containsExactly("key", "amount");
  }

  @Test
  void anEmptyArrayIsOfStringsAndANullKeyFailsTheRow() {
    assertThat(bind(array()).type()).isEqualTo(DataType.array(DataType.STRING));
    assertThat(eval(array())).isEqualTo(List.of());
    assertThatThrownBy(() -> eval(map(lit(null), lit(1)))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("a map key cannot be NULL");
    assertThatThrownBy(() -> bind(size(col("key")))).isInstanceOf(AnalysisException.class)
        .hasMessageContaining("but an ARRAY or a MAP is needed");
  }

  @Test
  void sqlTextReadsAnArrayColumn() {
    Schema schema = Schema.parse("tags ARRAY<STRING>");
    assertThat(io.millrace.runtime.expr.ExpressionParser.parseExpression("array_join(sort_array(tags), '|')")
        .bind(schema).eval(Row.of(List.of("b", "a")), ColumnTest.CONTEXT)).isEqualTo("a|b");
  }

  @Test
  void partsOfValuesByFieldItemAndDottedName() {
    Schema schema = Schema.parse("w STRUCT<start TIMESTAMP, `end` TIMESTAMP>, tags ARRAY<STRING>, m MAP<STRING, INT>");
    Row row = Row.of(Row.of(1L, 2L), List.of("a", "b"), java.util.Map.of("k", 7));
    assertThat(io.millrace.runtime.expr.ApiExpressions.of(col("w").getField("end").node()).bind(schema)
        .eval(row, ColumnTest.CONTEXT)).isEqualTo(2L);
    assertThat(io.millrace.runtime.expr.ApiExpressions.of(col("w.start").node()).bind(schema)
        .eval(row, ColumnTest.CONTEXT)).isEqualTo(1L);
    assertThat(io.millrace.runtime.expr.ApiExpressions.of(col("tags").getItem(1).node()).bind(schema)
        .eval(row, ColumnTest.CONTEXT)).isEqualTo("b");
    assertThat(io.millrace.runtime.expr.ApiExpressions.of(col("m").getItem("k").node()).bind(schema)
        .eval(row, ColumnTest.CONTEXT)).isEqualTo(7);
    assertThat(io.millrace.runtime.expr.ExpressionParser.parseNamedExpression("w.start").defaultName()).isEqualTo("start");
    assertThatThrownBy(() -> io.millrace.runtime.expr.ExpressionParser.parseExpression("w.middle").bind(schema))
        .isInstanceOf(AnalysisException.class).hasMessageContaining("has no field 'middle'; its fields: [start, end]");
  }

  @Test
  void lambdasFromJava() {
    assertThat(eval(functions.transform(array(lit(1), lit(2), lit(3)), x -> x.multiply(2)))).isEqualTo(List.of(2, 4, 6));
    assertThat(eval(functions.transform(array(lit(10), lit(20)), (x, i) -> x.plus(i)))).isEqualTo(List.of(10, 21));
    assertThat(eval(functions.filter(array(col("amount"), lit(3)), x -> x.gt(5)))).isEqualTo(List.of(12));
    assertThat(eval(functions.exists(array(lit(1), lit(2)), x -> x.equalTo(2)))).isEqualTo(true);
    assertThat(eval(functions.forall(array(lit(1), lit(2)), x -> x.gt(col("amount"))))).isEqualTo(false);
    assertThat(eval(functions.aggregate(array(lit(1), lit(2), lit(3)), lit(0), (acc, x) -> acc.plus(x)))).isEqualTo(6);
    assertThatThrownBy(() -> bind(functions.transform(col("key"), x -> x))).isInstanceOf(AnalysisException.class)
        .hasMessageContaining("but an ARRAY is needed");
  }
}
