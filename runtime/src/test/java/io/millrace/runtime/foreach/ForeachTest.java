package io.millrace.runtime.foreach;

import static io.millrace.api.functions.col;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.api.ForeachWriter;
import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.StreamingQueryException;
import io.millrace.api.testing.MemoryStream;
import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.DeliveryGuarantee;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ForeachTest {
  private static final Schema INPUT = Schema.parse("id LONG, value STRING");
  /** What the writers' copies did, in order; static because each task works on a copy. */
  static final List<String> EVENTS = Collections.synchronizedList(new ArrayList<>());
  static final AtomicBoolean FAIL_ON_BOOM = new AtomicBoolean();

  @TempDir
  Path dir;

  @BeforeEach
  void clear() {
    EVENTS.clear();
    FAIL_ON_BOOM.set(false);
  }

  /** Records every call; says no to open for {@code skipBatch}; throws on the value "boom" while asked to. */
  static class RecordingWriter extends ForeachWriter {
    private static final long serialVersionUID = 1L;
    private final long skipBatch;

    RecordingWriter(long skipBatch) {
      this.skipBatch = skipBatch;
    }

    @Override
    public boolean open(long partitionId, long epochId) {
      EVENTS.add("open " + partitionId + " " + epochId);
      return epochId != skipBatch;
    }

    @Override
    public void process(Row value) {
      if ("boom".equals(value.get(1)) && FAIL_ON_BOOM.get()) {
        throw new IllegalStateException("cannot write boom");
      }
      EVENTS.add("process " + value.get(0));
    }

    @Override
    public void close(Throwable errorOrNull) {
      EVENTS.add("close " + (errorOrNull == null ? "ok" : errorOrNull.getMessage()));
    }
  }

  private StreamingQuery start(MillraceSession session, MemoryStream in, ForeachWriter writer) {
    return in.toDataset(session).where(col("id").gt(0)).writeStream().foreach(writer)
        .option("checkpointLocation", dir.resolve("checkpoint").toString()).start();
  }

  @Test
  void eachTaskOpensProcessesItsRowsAndClosesAndOpenCanSkipATask() {
    try (MillraceSession session = MillraceSession.builder().build(); MemoryStream in = MemoryStream.create(INPUT)) {
      StreamingQuery q = start(session, in, new RecordingWriter(1));
      in.addData(Row.of(1L, "a"), Row.of(0L, "filtered"), Row.of(2L, "b"));
      q.processAllAvailable();
      in.addData(Row.of(3L, "skipped by open"));
      q.processAllAvailable();
      in.addData(Row.of(4L, "d"));
      q.processAllAvailable();
      assertThat(q.deliveryGuarantee()).isEqualTo(DeliveryGuarantee.AT_LEAST_ONCE);
      assertThat(q.lastProgress().sink().metrics()).containsEntry("rowsProcessed", "3").containsEntry("tasksSkipped", "1");
      q.stop();
      assertThat(EVENTS).containsExactly("open 0 0", "process 1", "process 2", "close ok", "open 0 1", "close ok",
          "open 0 2", "process 4", "close ok");
    }
  }

  @Test
  void aFailingRowClosesTheTaskWithItsErrorAndTheBatchIsWrittenAgainOnRestart() {
    try (MillraceSession session = MillraceSession.builder().build(); MemoryStream in = MemoryStream.create(INPUT)) {
      FAIL_ON_BOOM.set(true);
      StreamingQuery q = start(session, in, new RecordingWriter(-1));
      in.addData(Row.of(1L, "a"), Row.of(2L, "boom"));
      assertThatThrownBy(q::processAllAvailable).isInstanceOf(StreamingQueryException.class)
          .hasStackTraceContaining("cannot write boom");
      assertThat(EVENTS).containsExactly("open 0 0", "process 1", "close cannot write boom");
      FAIL_ON_BOOM.set(false);
      StreamingQuery restarted = start(session, in, new RecordingWriter(-1));
      restarted.processAllAvailable();
      restarted.stop();
      // at-least-once: row 1 is processed again, with the same batch id
      assertThat(EVENTS).containsExactly("open 0 0", "process 1", "close cannot write boom",
          "open 0 0", "process 1", "process 2", "close ok");
    }
  }

  @Test
  void aWriterThatCannotBeSerializedIsRefusedAtStart() {
    Object notSerializable = new Object();
    ForeachWriter holding = new RecordingWriter(-1) {
      private static final long serialVersionUID = 1L;
      private final Object field = notSerializable;

      @Override
      public boolean open(long partitionId, long epochId) {
        return field != null;
      }
    };
    try (MillraceSession session = MillraceSession.builder().build(); MemoryStream in = MemoryStream.create(INPUT)) {
      assertThatThrownBy(() -> start(session, in, holding)).isInstanceOf(AnalysisException.class)
          .hasMessageContaining("cannot be serialized").hasMessageContaining("must be Serializable");
    }
  }

  @Test
  void aWriterGivenToForeachTakesNoSinkOptions() {
    try (MillraceSession session = MillraceSession.builder().build(); MemoryStream in = MemoryStream.create(INPUT)) {
      assertThatThrownBy(() -> in.toDataset(session).writeStream().foreach(new RecordingWriter(-1))
          .option("url", "x").option("checkpointLocation", dir.resolve("checkpoint").toString()).start())
          .isInstanceOf(AnalysisException.class).hasMessageContaining("foreach(writer) takes no sink options, but [url]");
    }
  }

  @Test
  void aWriterClassByNameGetsTheOtherOptions() throws Exception {
    Path out = dir.resolve("out");
    try (MillraceSession session = MillraceSession.builder().build(); MemoryStream in = MemoryStream.create(INPUT)) {
      StreamingQuery q = in.toDataset(session).writeStream().format("foreach")
          .option("writer", FileForeachWriter.class.getName()).option("dir", out.toString())
          .option("checkpointLocation", dir.resolve("checkpoint").toString()).start();
      in.addData(Row.of(1L, "a"), Row.of(2L, null));
      q.processAllAvailable();
      q.stop();
      assertThat(FileForeachWriter.readBack(out)).containsExactlyInAnyOrder(Row.of(1L, "a"), Row.of(2L, null));
    }
  }

  @Test
  void aWriterClassThatCannotBeUsedIsAClearErrorAtStart() {
    try (MillraceSession session = MillraceSession.builder().build(); MemoryStream in = MemoryStream.create(INPUT)) {
      Map<String, String> missing = Map.of("writer", "com.example.NoSuchWriter");
      assertThatThrownBy(() -> startByName(session, in, missing)).hasRootCauseInstanceOf(InvalidOptionException.class)
          .hasStackTraceContaining("option 'writer' of sink 'foreach' names the class 'com.example.NoSuchWriter'");
      assertThatThrownBy(() -> startByName(session, in, Map.of("writer", String.class.getName())))
          .hasStackTraceContaining("does not extend io.millrace.api.ForeachWriter");
      assertThatThrownBy(() -> startByName(session, in, Map.of("writer", RecordingWriter.class.getName(), "url", "x")))
          .hasStackTraceContaining("option 'url' of sink 'foreach' is not known");
      assertThatThrownBy(() -> startByName(session, in, Map.of()))
          .hasStackTraceContaining("option 'writer' of sink 'foreach' is required");
    }
  }

  private StreamingQuery startByName(MillraceSession session, MemoryStream in, Map<String, String> options) {
    return in.toDataset(session).writeStream().format("foreach").options(options)
        .option("checkpointLocation", dir.resolve("checkpoint").toString()).start();
  }
}
