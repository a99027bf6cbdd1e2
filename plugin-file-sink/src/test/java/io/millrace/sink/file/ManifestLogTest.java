package io.millrace.sink.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.CorruptFileException;
import io.millrace.spi.MillraceException;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.SinkContext;
import io.millrace.tck.TckContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The manifest log stays bounded, drops expired entries, and refuses a corrupt file or another query. */
class ManifestLogTest {
  private static final Schema SCHEMA = Schema.parse("id LONG NOT NULL, key STRING");

  @TempDir Path dir;

  @Test
  void manyBatchesKeepAtMostCompactIntervalFilesInTheLog() throws Exception {
    Path out = dir.resolve("out");
    Sink sink = sink(out, Map.of("compactInterval", "4"), "q", Clock.systemUTC());
    List<Row> all = new ArrayList<>();
    int most = 0;
    for (long batch = 0; batch < 30; batch++) {
      List<Row> rows = List.of(Row.of(2 * batch, "a"), Row.of(2 * batch + 1, "b"));
      Tasks.write(sink, batch, rows, 2);
      all.addAll(rows);
      most = Math.max(most, metadataFiles(out).size());
    }
    assertThat(most).as("files in _millrace_metadata after any batch").isLessThanOrEqualTo(4);
    assertThat(metadataFiles(out)).containsExactly("27.compact", "28", "29");
    assertThat(OutputFiles.rows("json", out, OutputFiles.byManifest(out), SCHEMA)).containsExactlyInAnyOrderElementsOf(all);
    assertThat(sink.metrics()).containsEntry("numCompactions", "7").containsEntry("numCommittedBatches", "30");
  }

  @Test
  void retentionDropsOldEntriesFromTheLogButNotTheirFiles() throws Exception {
    Path out = dir.resolve("out");
    MutableClock clock = new MutableClock();
    Sink sink = sink(out, Map.of("compactInterval", "3", "retention", "1 hour"), "q", clock);
    for (long batch = 0; batch < 3; batch++) {
      Tasks.write(sink, batch, List.of(Row.of(batch, "old")), 1);
    }
    clock.now = clock.now.plus(Duration.ofHours(2));
    for (long batch = 3; batch < 6; batch++) {
      Tasks.write(sink, batch, List.of(Row.of(batch, "new")), 1);
    }
    assertThat(OutputFiles.rows("json", out, OutputFiles.byManifest(out), SCHEMA))
        .containsExactlyInAnyOrder(Row.of(3L, "new"), Row.of(4L, "new"), Row.of(5L, "new"));
    assertThat(OutputFiles.byListing(out)).as("expired files stay on disk").hasSize(6);
    assertThat(sink.metrics()).containsEntry("numExpiredEntries", "3");
  }

  @Test
  void aCorruptManifestIsACorruptFileExceptionNamingItAndNothingIsDeleted() throws Exception {
    Path out = dir.resolve("out");
    Sink sink = sink(out, Map.of("compactInterval", "10"), "q", Clock.systemUTC());
    Tasks.write(sink, 0, List.of(Row.of(0L, "a")), 1);
    Tasks.write(sink, 1, List.of(Row.of(1L, "a")), 1);
    Path manifest = out.resolve(ManifestLog.DIR).resolve("1");
    Files.writeString(manifest, Files.readString(manifest).substring(0, 40));
    List<String> before = OutputFiles.byListing(out);

    Sink restarted = sink(out, Map.of(), "q", Clock.systemUTC());
    assertThatThrownBy(() -> Tasks.write(restarted, 2, List.of(Row.of(2L, "a")), 1))
        .isInstanceOf(CorruptFileException.class).hasMessageContaining(manifest.toString());
    assertThat(OutputFiles.byListing(out)).isEqualTo(before);
    assertThat(metadataFiles(out)).containsExactly("0", "1");
  }

  @Test
  void anotherQueryIsRefusedInsteadOfHavingItsBatchesSkipped() throws Exception {
    Path out = dir.resolve("out");
    Tasks.write(sink(out, Map.of(), "first", Clock.systemUTC()), 0, List.of(Row.of(0L, "a")), 1);
    Sink other = sink(out, Map.of(), "second", Clock.systemUTC());
    assertThatThrownBy(() -> Tasks.write(other, 0, List.of(Row.of(1L, "a")), 1))
        .isInstanceOf(MillraceException.class).hasMessageContaining("another query").hasMessageContaining("first");
  }

  private static Sink sink(Path out, Map<String, String> extra, String queryId, Clock clock) {
    Map<String, String> options = new HashMap<>(extra);
    options.put("path", out.toString());
    options.put("partitionBy", "key");
    SinkContext context = TckContext.sink("json", options, queryId, SCHEMA, OutputMode.APPEND, FaultInjector.NONE);
    FileFormat format = new JsonFormat();
    FileSinkOptions read = FileSinkOptions.read(context, format);
    try {
      return new FileSink(OutputLayout.of(format, read, HadoopFiles.open(read.path(), Map.of()), SCHEMA), queryId,
          FaultInjector.NONE, clock);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static List<String> metadataFiles(Path out) throws Exception {
    try (Stream<Path> files = Files.list(out.resolve(ManifestLog.DIR))) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  private static final class MutableClock extends Clock {
    Instant now = Instant.parse("2026-01-01T00:00:00Z");

    @Override
    public ZoneOffset getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }
}
