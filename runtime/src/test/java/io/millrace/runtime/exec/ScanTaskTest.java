package io.millrace.runtime.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.runtime.Engine;
import io.millrace.runtime.expr.EvalContext;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.PartitionReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tasks of a scan describe themselves as serializable values from which another instance
 * of the source (as in another process) reads the same rows.
 */
class ScanTaskTest {
  @TempDir
  Path dir;

  @Test
  void eachTaskOfABatchReadsTheSameRowsFromItsSerializedDescription() throws Exception {
    try (Engine engine = new Engine(Map.of(), FaultInjector.NONE)) {
      SourceDescription described = SourceDescription.of("query-1", 0, "rate",
          Map.of("rowsPerSecond", "1000", "numPartitions", "3"), Optional.empty(), dir.resolve("sources/0").toUri());
      SourceBinding rate = new SourceBinding(0, "rate", described.open(engine), described);
      Offset start = rate.source.deserializeOffset("10");
      Offset end = rate.source.deserializeOffset("40");
      BatchRun batch = new BatchRun(7, EvalContext.ofBatchTimestamp(0), new BatchReader(engine.taskPool()),
          new ProgressTracker.Timer(0), List.of(rate), List.of(start), List.of(end), 0, 0, () -> false);

      List<RowTask> tasks = new ScanExec(0, "rate", rate.source.schema()).tasks(batch);

      assertThat(tasks).hasSize(3);
      List<Row> all = new ArrayList<>();
      for (RowTask task : tasks) {
        SourcePartitionTask scan = (SourcePartitionTask) task;
        BatchReader.RowList here = new BatchReader.RowList();
        scan.run(here, EvalContext.ofBatchTimestamp(0));
        ScanTask copy = copyOf(scan.scan());
        assertThat(copy.batchId()).isEqualTo(7);
        assertThat(copy.partition()).isEqualTo(scan.scan().partition()).isNotSameAs(scan.scan().partition());
        List<Row> there = new ArrayList<>();
        try (PartitionReader reader = copy.open(engine)) {
          while (reader.next()) {
            there.add(reader.get());
          }
        }
        assertThat(there).isNotEmpty().isEqualTo(here.rows);
        all.addAll(there);
      }
      assertThat(all).extracting(r -> r.getLong(1)).containsExactlyElementsOf(
          java.util.stream.LongStream.range(10, 40).boxed().toList());
      rate.source.close();
    }
  }

  @Test
  void aUserSchemaWhoseNamesDdlWouldHaveToQuoteSurvivesTheDescription() throws Exception {
    Schema given = Schema.of(new Field("event time", DataType.TIMESTAMP, false), new Field("a,b", DataType.STRING, true),
        Schema.parse("tag STRUCT<k: STRING, v: DOUBLE>").field(0));
    SourceDescription described = SourceDescription.of("q", 1, "memory", Map.of("name", "x"), Optional.of(given),
        dir.toUri());
    assertThat(copyOf(new ScanTask(described, 0, null)).source().schema()).contains(given);
  }

  @Test
  void aPrunedSourceIsPrunedAgainWhereItsTaskIsOpened() throws Exception {
    try (Engine engine = new Engine(Map.of(), FaultInjector.NONE)) {
      SourceDescription described = SourceDescription.of("q", 0, "wide", Map.of("name", "pruned-task", "total", "3"),
          Optional.empty(), dir.toUri());
      SourceBinding wide = new SourceBinding(0, "wide", described.open(engine), described);
      wide.prune(Schema.parse("b STRING, g LONG"));
      Offset start = wide.source.initialOffset();
      Offset end = wide.source.latestOffset(start, io.millrace.spi.source.ReadLimit.allAvailable());
      ScanTask copy = copyOf(wide.scan(0, wide.source.planInputPartitions(start, end).get(0)));
      assertThat(copy.source().readColumns()).isNotNull();
      List<Row> there = new ArrayList<>();
      try (PartitionReader reader = copy.open(engine)) {
        while (reader.next()) {
          there.add(reader.get());
        }
      }
      assertThat(there).containsExactly(Row.of("b0", 0L), Row.of("b1", 1L), Row.of("b2", 0L));
      wide.source.close();
    }
  }

  private static ScanTask copyOf(ScanTask task) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(task);
    }
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      return (ScanTask) in.readObject();
    }
  }
}
