package io.millrace.sink.file;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.spi.data.Row;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.SinkProvider;
import io.millrace.tck.TckContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spark 4.0.1 reads the sinks' output directories with the same rows. The output is written as
 * below (rows 1-2 in batch 0, rows 3-4 in batch 1, batch 1 then replayed on a fresh instance),
 * and its copy was read by Spark with {@code spark.read().parquet(dir)} and
 * {@code spark.read().schema(ddl).json(dir)} (session time zone UTC, java8API on), each row
 * printed by the same rules as {@link Canonical} after {@code selectExpr(columns).orderBy("id")}.
 * Those lines are the facts below; the test compares them with what the sink wrote, read back
 * with parquet-hadoop and Jackson. Set {@code -Dfsink.keep=DIR} to keep the output for Spark.
 */
class SparkReadsTest {
  // Spark 4.0.1: spark.read().parquet(dir).schema().simpleString(), the types found in the files
  // (the partition column's from the directory names): every column as the query wrote it.
  static final String PARQUET_SCHEMA = "struct<id:int,name:string,amount:decimal(10,2),big:decimal(38,10),d:date,ts:timestamp,ntz:timestamp_ntz,f:float,x:double,b:boolean,by:tinyint,sh:smallint,l:bigint,bin:binary,tags:array<string>,attrs:map<string,int>,loc:struct<lat:double,lon:double>,part:string>";

  // Spark 4.0.1: spark.read().parquet(dir), ordered by id. The empty-string partition value of
  // row 3 reads back as null: both are __HIVE_DEFAULT_PARTITION__ on disk, as Spark writes them.
  static final List<String> SPARK_PARQUET_ROWS = List.of(
      "id=1 | name=\"plain\" | amount=12.50 | big=12345678901234567890.1234567890 | d=1969-12-31 | ts=-876544us | ntz=2024-02-29T10:11:12.500 | f=1.5 | x=NaN | b=true | by=-7 | sh=300 | l=9007199254740993 | bin=0x00FF41 | tags=[\"a\", null, \"c\"] | attrs={\"k1\": 1, \"k2\": null} | loc={lat=1.25, lon=null} | part=\"a b/c=d%e\"",
      "id=2 | name=\"with \"quote\", comma\nnewline\" | amount=-0.01 | big=0.0000000000 | d=2024-01-01 | ts=1704067200000000us | ntz=1900-01-01T00:00 | f=1.0E10 | x=0.0 | b=false | by=0 | sh=0 | l=0 | bin=0x | tags=[] | attrs={} | loc={lat=null, lon=2.5} | part=null",
      "id=3 | name=null | amount=null | big=null | d=null | ts=null | ntz=null | f=null | x=Infinity | b=null | by=null | sh=null | l=null | bin=null | tags=null | attrs=null | loc=null | part=null",
      "id=4 | name=\"\" | amount=0.01 | big=0.0000000001 | d=0001-01-01 | ts=1717243200001000us | ntz=2024-06-01T12:00 | f=0.1 | x=1.0E20 | b=true | by=127 | sh=-32768 | l=-1 | bin=0xFF | tags=[null] | attrs={\"z\": -1} | loc=null | part=\"p\"");

  // Spark 4.0.1: spark.read().schema(ddl).json(dir), ordered by id. JSON timestamps carry
  // milliseconds, as Spark's JSON writer prints them, so row 1's ts reads back cut to -877000us.
  static final List<String> SPARK_JSON_ROWS = List.of(
      "id=1 | name=\"plain\" | amount=12.50 | big=12345678901234567890.1234567890 | d=1969-12-31 | ts=-877000us | ntz=2024-02-29T10:11:12.500 | f=1.5 | x=NaN | b=true | by=-7 | sh=300 | l=9007199254740993 | bin=0x00FF41 | tags=[\"a\", null, \"c\"] | attrs={\"k1\": 1, \"k2\": null} | loc={lat=1.25, lon=null} | part=\"a b/c=d%e\"",
      "id=2 | name=\"with \"quote\", comma\nnewline\" | amount=-0.01 | big=0.0000000000 | d=2024-01-01 | ts=1704067200000000us | ntz=1900-01-01T00:00 | f=1.0E10 | x=0.0 | b=false | by=0 | sh=0 | l=0 | bin=0x | tags=[] | attrs={} | loc={lat=null, lon=2.5} | part=null",
      "id=3 | name=null | amount=null | big=null | d=null | ts=null | ntz=null | f=null | x=Infinity | b=null | by=null | sh=null | l=null | bin=null | tags=null | attrs=null | loc=null | part=null",
      "id=4 | name=\"\" | amount=0.01 | big=0.0000000001 | d=0001-01-01 | ts=1717243200001000us | ntz=2024-06-01T12:00 | f=0.1 | x=1.0E20 | b=true | by=127 | sh=-32768 | l=-1 | bin=0xFF | tags=[null] | attrs={\"z\": -1} | loc=null | part=\"p\"");

  @TempDir Path dir;

  @Test
  void sparkReadsTheParquetOutputWithTheSameRows() throws Exception {
    assertThat(written(new ParquetSinkProvider(), "parquet")).containsExactlyElementsOf(SPARK_PARQUET_ROWS);
    assertThat("struct<" + String.join(",", SparkRows.SCHEMA.fields().stream().map(f -> f.name() + ":" + simple(f.type()))
        .toList()) + ">").as("Spark's schema of the files").isEqualTo(PARQUET_SCHEMA);
    assertThat(ParquetTypes.message(SparkRows.SCHEMA).toString()).as("the footer's schema, which Spark reads types from")
        .contains("optional int32 by (INTEGER(8,true))", "optional int64 ntz (TIMESTAMP(MICROS,false))",
            "optional fixed_len_byte_array(16) big (DECIMAL(38,10))", "optional int64 amount (DECIMAL(10,2))");
  }

  @Test
  void sparkReadsTheJsonOutputWithTheSameRows() throws Exception {
    assertThat(written(new JsonSinkProvider(), "json")).containsExactlyElementsOf(SPARK_JSON_ROWS);
  }

  /** Spark's simpleString of a type. */
  private static String simple(io.millrace.spi.data.DataType t) {
    return switch (t.kind()) {
      case BYTE -> "tinyint";
      case SHORT -> "smallint";
      case LONG -> "bigint";
      case DECIMAL -> "decimal(" + t.precision() + "," + t.scale() + ")";
      case ARRAY -> "array<" + simple(t.elementType()) + ">";
      case MAP -> "map<" + simple(t.keyType()) + "," + simple(t.valueType()) + ">";
      case STRUCT -> "struct<" + String.join(",", t.fields().fields().stream().map(f -> f.name() + ":" + simple(f.type()))
          .toList()) + ">";
      default -> t.kind().name().toLowerCase(java.util.Locale.ROOT);
    };
  }

  /** The sink's output read back by a plain listing, as canonical lines ordered by id. */
  private List<String> written(SinkProvider provider, String format) throws Exception {
    Path out = dir.resolve(format);
    Map<String, String> options = Map.of("path", out.toString(), "partitionBy", "part");
    List<Row> rows = SparkRows.rows();
    Sink sink = open(provider, options);
    Tasks.write(sink, 0, rows.subList(0, 2), 2);
    Tasks.write(sink, 1, rows.subList(2, 4), 2);
    Tasks.write(open(provider, options), 1, rows.subList(2, 4), 1);
    keepForSpark(out, format);
    return OutputFiles.rows(format, out, OutputFiles.byListing(out), SparkRows.SCHEMA).stream()
        .sorted(Comparator.comparing(r -> (Integer) r.get(0)))
        .map(r -> Canonical.row(SparkRows.SCHEMA, r))
        .toList();
  }

  private static Sink open(SinkProvider provider, Map<String, String> options) {
    return provider.create(TckContext.sink(provider.name(), options, "spark-reads", SparkRows.SCHEMA, OutputMode.APPEND,
        FaultInjector.NONE));
  }

  private static void keepForSpark(Path out, String format) throws Exception {
    String keep = System.getProperty("fsink.keep");
    if (keep == null) {
      return;
    }
    Path target = Path.of(keep, format);
    try (Stream<Path> files = Files.walk(out)) {
      for (Path p : files.toList()) {
        Path copy = target.resolve(out.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(copy);
        } else {
          Files.copy(p, copy);
        }
      }
    }
  }
}
