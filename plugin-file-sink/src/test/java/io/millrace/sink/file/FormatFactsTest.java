package io.millrace.sink.file;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.SinkProvider;
import io.millrace.tck.TckContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bytes of json, csv and text files and the partition directories, compared with what Spark
 * 4.0.1 wrote for the same rows ({@link SparkRows}) with {@code df.coalesce(1).write().json(dir)},
 * {@code .csv(dir)}, {@code .option("header", "true").csv(dir)}, {@code .partitionBy("part").json(dir)}
 * and {@code df.select("name").write().text(dir)}, session time zone UTC. CSV drops the nested
 * columns (tags, attrs, loc), which Spark's CSV refuses.
 */
class FormatFactsTest {
  private static final String CSV_COLUMNS = "id, name, amount, big, d, ts, ntz, f, x, b, by, sh, l, bin, part";

  @TempDir Path dir;

  // Spark: df.write().json(dir)
  private static final String JSON = """
      {"id":1,"name":"plain","amount":12.50,"big":12345678901234567890.1234567890,"d":"1969-12-31","ts":"1969-12-31T23:59:59.123Z","ntz":"2024-02-29T10:11:12.500","f":1.5,"x":"NaN","b":true,"by":-7,"sh":300,"l":9007199254740993,"bin":"AP9B","tags":["a",null,"c"],"attrs":{"k1":1,"k2":null},"loc":{"lat":1.25},"part":"a b/c=d%e"}
      {"id":2,"name":"with \\"quote\\", comma\\nnewline","amount":-0.01,"big":0E-10,"d":"2024-01-01","ts":"2024-01-01T00:00:00.000Z","ntz":"1900-01-01T00:00:00.000","f":1.0E10,"x":0.0,"b":false,"by":0,"sh":0,"l":0,"bin":"","tags":[],"attrs":{},"loc":{"lon":2.5}}
      {"id":3,"x":"Infinity","part":""}
      {"id":4,"name":"","amount":0.01,"big":1E-10,"d":"0001-01-01","ts":"2024-06-01T12:00:00.001Z","ntz":"2024-06-01T12:00:00.000","f":0.1,"x":1.0E20,"b":true,"by":127,"sh":-32768,"l":-1,"bin":"/w==","tags":[null],"attrs":{"z":-1},"part":"p"}
      """;

  // Spark: df.drop("tags", "attrs", "loc").write().csv(dir)
  private static final String CSV = """
      1,plain,12.50,12345678901234567890.1234567890,1969-12-31,1969-12-31T23:59:59.123Z,2024-02-29T10:11:12.500,1.5,NaN,true,-7,300,9007199254740993,[00 FF 41],a b/c=d%e
      2,"with \\"quote\\", comma
      newline",-0.01,0E-10,2024-01-01,2024-01-01T00:00:00.000Z,1900-01-01T00:00:00.000,1.0E10,0.0,false,0,0,0,[],
      3,,,,,,,,Infinity,,,,,,""
      4,"",0.01,1E-10,0001-01-01,2024-06-01T12:00:00.001Z,2024-06-01T12:00:00.000,0.1,1.0E20,true,127,-32768,-1,[FF],p
      """;

  // Spark: df.select("name").write().text(dir)
  private static final String TEXT = "plain\nwith \"quote\", comma\nnewline\n\n\n";

  // Spark: df.write().partitionBy("part").json(dir): directory -> file
  private static final Map<String, String> JSON_BY_PART = new LinkedHashMap<>();

  static {
    JSON_BY_PART.put("part=__HIVE_DEFAULT_PARTITION__", """
        {"id":2,"name":"with \\"quote\\", comma\\nnewline","amount":-0.01,"big":0E-10,"d":"2024-01-01","ts":"2024-01-01T00:00:00.000Z","ntz":"1900-01-01T00:00:00.000","f":1.0E10,"x":0.0,"b":false,"by":0,"sh":0,"l":0,"bin":"","tags":[],"attrs":{},"loc":{"lon":2.5}}
        {"id":3,"x":"Infinity"}
        """);
    JSON_BY_PART.put("part=a b%2Fc%3Dd%25e", """
        {"id":1,"name":"plain","amount":12.50,"big":12345678901234567890.1234567890,"d":"1969-12-31","ts":"1969-12-31T23:59:59.123Z","ntz":"2024-02-29T10:11:12.500","f":1.5,"x":"NaN","b":true,"by":-7,"sh":300,"l":9007199254740993,"bin":"AP9B","tags":["a",null,"c"],"attrs":{"k1":1,"k2":null},"loc":{"lat":1.25}}
        """);
    JSON_BY_PART.put("part=p", """
        {"id":4,"name":"","amount":0.01,"big":1E-10,"d":"0001-01-01","ts":"2024-06-01T12:00:00.001Z","ntz":"2024-06-01T12:00:00.000","f":0.1,"x":1.0E20,"b":true,"by":127,"sh":-32768,"l":-1,"bin":"/w==","tags":[null],"attrs":{"z":-1}}
        """);
  }

  @Test
  void jsonLinesAreWhatSparkWrites() throws Exception {
    Path out = write(new JsonSinkProvider(), SparkRows.SCHEMA, Map.of());
    assertThat(onlyFile(out)).matches("part-00000-[0-9a-f-]{36}-c000\\.json");
    assertThat(Files.readString(out.resolve(onlyFile(out)))).isEqualTo(JSON);
  }

  @Test
  void csvIsWhatSparkWrites() throws Exception {
    Schema schema = Schema.parse(CSV_SCHEMA);
    Path out = write(new CsvSinkProvider(), schema, Map.of());
    assertThat(Files.readString(out.resolve(onlyFile(out)))).isEqualTo(CSV);
    Path withHeader = write(new CsvSinkProvider(), schema, Map.of("header", "true"));
    // Spark: the same with .option("header", "true")
    assertThat(Files.readString(withHeader.resolve(onlyFile(withHeader))))
        .isEqualTo(CSV_COLUMNS.replace(" ", "") + "\n" + CSV);
  }

  @Test
  void csvTrimsQuotesAndEscapesAsSparkDoes() throws Exception {
    // Spark: SELECT * FROM VALUES (1, ' lead', 'trail ', 'a\rb', 'back\\slash', '#hash', 'semi;colon',
    // 'quote"mid', '"start'), (2, 'tab\tin', 'x', 'y', 'z', 'w', 'v', 'u', 't')
    // AS t(`id`, `name, with comma`, b, c, d, e, f, g, h), written with .option("header", "true").csv(dir)
    Schema schema = Schema.parse("id INT, `name, with comma` STRING, b STRING, c STRING, d STRING, e STRING, f STRING,"
        + " g STRING, h STRING");
    Path out = write(new CsvSinkProvider(), schema, List.of(
        Row.of(1, " lead", "trail ", "a\rb", "back\\slash", "#hash", "semi;colon", "quote\"mid", "\"start"),
        Row.of(2, "tab\tin", "x", "y", "z", "w", "v", "u", "t")), Map.of("header", "true"));
    assertThat(Files.readString(out.resolve(onlyFile(out)))).isEqualTo("id,\"name, with comma\",b,c,d,e,f,g,h\n"
        + "1,lead,trail,\"a\rb\",back\\slash,#hash,semi;colon,\"quote\\\"mid\",\"\\\"start\"\n"
        + "2,tab\tin,x,y,z,w,v,u,t\n");
  }

  @Test
  void jsonNumbersAndTimestampsAreWhatSparkWrites() throws Exception {
    // Spark: SELECT 1.0E-5D AS d, CAST(123456789.125 AS FLOAT) AS f, 1.0E7D AS e, 1234567.0D AS g, -0.0D AS nz,
    // TIMESTAMP'2024-01-01 00:00:00.123456' AS ts, written with .json(dir)
    Schema schema = Schema.parse("d DOUBLE, f FLOAT, e DOUBLE, g DOUBLE, nz DOUBLE, ts TIMESTAMP");
    Path out = write(new JsonSinkProvider(), schema,
        List.of(Row.of(1.0E-5, 123456789.125f, 1.0E7, 1234567.0, -0.0, 1704067200123456L)), Map.of());
    assertThat(Files.readString(out.resolve(onlyFile(out))))
        .isEqualTo("{\"d\":1.0E-5,\"f\":1.23456792E8,\"e\":1.0E7,\"g\":1234567.0,\"nz\":-0.0,"
            + "\"ts\":\"2024-01-01T00:00:00.123Z\"}\n");
  }

  @Test
  void textIsWhatSparkWrites() throws Exception {
    Path out = write(new TextSinkProvider(), Schema.parse("name STRING"), Map.of());
    assertThat(onlyFile(out)).endsWith("-c000.txt");
    assertThat(Files.readString(out.resolve(onlyFile(out)))).isEqualTo(TEXT);
  }

  @Test
  void partitionDirectoriesAndTheirFilesAreWhatSparkWrites() throws Exception {
    Path out = write(new JsonSinkProvider(), SparkRows.SCHEMA, Map.of("partitionBy", "part"));
    Map<String, String> byDir = new LinkedHashMap<>();
    for (String file : OutputFiles.byListing(out)) {
      assertThat(file).matches(".*/part-00000-[0-9a-f-]{36}\\.c000\\.json");
      byDir.put(file.substring(0, file.lastIndexOf('/')), Files.readString(out.resolve(file)));
    }
    assertThat(byDir).isEqualTo(JSON_BY_PART);
  }

  private static final String CSV_SCHEMA = "id INT, name STRING, amount DECIMAL(10,2), big DECIMAL(38,10), d DATE,"
      + " ts TIMESTAMP, ntz TIMESTAMP_NTZ, f FLOAT, x DOUBLE, b BOOLEAN, by BYTE, sh SHORT, l LONG, bin BINARY, part STRING";

  private Path write(SinkProvider provider, Schema schema, Map<String, String> extra) throws Exception {
    return write(provider, schema, SparkRows.project(schema), extra);
  }

  private Path write(SinkProvider provider, Schema schema, List<io.millrace.spi.data.Row> rows, Map<String, String> extra)
      throws Exception {
    Path out = Files.createTempDirectory(dir, provider.name());
    Map<String, String> options = new HashMap<>(extra);
    options.put("path", out.toString());
    Sink sink = provider.create(TckContext.sink(provider.name(), options, "q", schema, OutputMode.APPEND,
        FaultInjector.NONE));
    Tasks.write(sink, 0, rows, 1);
    return out;
  }

  private static String onlyFile(Path out) throws Exception {
    List<String> files = OutputFiles.byListing(out);
    assertThat(files).hasSize(1);
    return files.get(0);
  }
}
