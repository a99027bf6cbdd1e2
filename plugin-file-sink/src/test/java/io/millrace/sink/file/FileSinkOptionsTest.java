package io.millrace.sink.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.MillraceException;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.SinkProvider;
import io.millrace.tck.TckContext;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** File size and rows per file roll over to new files; bad options and output modes fail at create, naming what is wrong. */
class FileSinkOptionsTest {
  private static final Schema SCHEMA = Schema.parse("id LONG NOT NULL, key STRING, note STRING");

  @TempDir Path dir;

  @Test
  void maxRecordsPerFileRollsToANewFileInEachPartitionDirectory() throws Exception {
    Path out = dir.resolve("out");
    Sink sink = sink(new JsonSinkProvider(), out, Map.of("maxRecordsPerFile", "2", "partitionBy", "key"));
    Tasks.write(sink, 0, rows(10), 1);
    List<String> files = OutputFiles.byListing(out);
    assertThat(files).hasSize(6);
    for (String key : List.of("a", "b")) {
      for (String n : List.of("c000", "c001", "c002")) {
        assertThat(files).anyMatch(f -> f.matches("key=" + key + "/part-00000-[0-9a-f-]{36}\\." + n + "\\.json"));
      }
    }
    for (String f : files) {
      assertThat(ReadBack.json(out.resolve(f), Schema.parse("id LONG NOT NULL, note STRING"))).hasSizeLessThanOrEqualTo(2);
    }
    assertThat(OutputFiles.rows("json", out, files, SCHEMA)).containsExactlyInAnyOrderElementsOf(rows(10));
    assertThat(sink.metrics()).containsEntry("numOutputFiles", "6").containsEntry("numOutputRows", "10");
  }

  @Test
  void maxFileSizeRollsToANewFileOnceAFileHasThatManyBytes() throws Exception {
    Path out = dir.resolve("out");
    Sink sink = sink(new JsonSinkProvider(), out, Map.of("maxFileSize", "1"));
    Tasks.write(sink, 0, rows(3), 1);
    // The byte count is checked before each row, so each row after the first in a file starts a new one.
    assertThat(OutputFiles.byListing(out)).hasSize(3);
    Path parquet = dir.resolve("parquet");
    Tasks.write(sink(new ParquetSinkProvider(), parquet, Map.of("maxFileSize", "1")), 0, rows(3), 1);
    assertThat(OutputFiles.byListing(parquet)).hasSize(3);
    assertThat(OutputFiles.rows("json", out, OutputFiles.byListing(out), SCHEMA)).containsExactlyInAnyOrderElementsOf(rows(3));
  }

  @Test
  void badOptionsAreRefusedNamingTheOption() {
    Path out = dir.resolve("out");
    assertThatThrownBy(() -> sink(new JsonSinkProvider(), out, Map.of("maxRecordPerFile", "2")))
        .isInstanceOf(InvalidOptionException.class).hasMessageContaining("maxRecordPerFile")
        .hasMessageContaining("maxRecordsPerFile");
    assertThatThrownBy(() -> sink(new JsonSinkProvider(), out, Map.of("partitionBy", "nope")))
        .isInstanceOf(InvalidOptionException.class).hasMessageContaining("'nope' is not one");
    assertThatThrownBy(() -> sink(new ParquetSinkProvider(), out, Map.of("compression", "lzo")))
        .isInstanceOf(InvalidOptionException.class).hasMessageContaining("snappy");
    assertThatThrownBy(() -> sink(new JsonSinkProvider(), out, Map.of("header", "true")))
        .isInstanceOf(InvalidOptionException.class).hasMessageContaining("header");
    assertThatThrownBy(() -> sink(new TextSinkProvider(), out, Map.of()))
        .isInstanceOf(MillraceException.class).hasMessageContaining("one STRING column");
    assertThatThrownBy(() -> new CsvSinkProvider().create(TckContext.sink("csv", Map.of("path", out.toString()), "q",
        Schema.parse("id LONG, tags ARRAY<STRING>"), OutputMode.APPEND, FaultInjector.NONE)))
        .isInstanceOf(MillraceException.class).hasMessageContaining("'tags'");
  }

  @Test
  void updateAndCompleteModesAreRefusedAsSparkRefusesThem() {
    for (OutputMode mode : List.of(OutputMode.UPDATE, OutputMode.COMPLETE)) {
      assertThatThrownBy(() -> new ParquetSinkProvider().create(TckContext.sink("parquet",
          Map.of("path", dir.toString()), "q", SCHEMA, mode, FaultInjector.NONE)))
          .isInstanceOf(MillraceException.class).hasMessageContaining("sink 'parquet' cannot write output mode");
    }
  }

  @Test
  void aTextSinkWritesItsOneColumnNextToPartitionColumns() throws Exception {
    Path out = dir.resolve("out");
    Sink sink = new TextSinkProvider().create(TckContext.sink("text", Map.of("path", out.toString(), "partitionBy", "key"),
        "q", Schema.parse("key STRING, line STRING"), OutputMode.APPEND, FaultInjector.NONE));
    Tasks.write(sink, 0, List.of(Row.of("a", "x"), Row.of("a", null), Row.of("b", "y")), 1);
    List<String> files = OutputFiles.byListing(out);
    assertThat(files).hasSize(2).allMatch(f -> f.endsWith(".c000.txt"));
    assertThat(java.nio.file.Files.readString(out.resolve(files.get(0)))).isEqualTo("x\n\n");
  }

  private static List<Row> rows(int n) {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      rows.add(Row.of((long) i, i % 2 == 0 ? "a" : "b", "note " + i));
    }
    return rows;
  }

  private static Sink sink(SinkProvider provider, Path out, Map<String, String> extra) {
    Map<String, String> options = new HashMap<>(extra);
    options.put("path", out.toString());
    return provider.create(TckContext.sink(provider.name(), options, "q", SCHEMA, OutputMode.APPEND, FaultInjector.NONE));
  }
}
