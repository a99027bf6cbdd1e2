package io.millrace.runtime.batch;

import static io.millrace.api.functions.col;
import static io.millrace.api.functions.upper;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.testing.MemoryStream;
import io.millrace.plugins.sink.MemorySinkTable;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The batch foreachBatch hands over is a dataset: user code queries it with stateless operators
 * and writes it through any sink plugin by name, with the batch's id.
 */
class ForeachBatchDatasetTest {
  private final String input = "fb-in-" + UUID.randomUUID();
  private final String output = "fb-out-" + UUID.randomUUID();
  private final MemoryStream stream = MemoryStream.create(input, Schema.parse("id LONG, name STRING"));

  @AfterEach
  void forget() {
    MemoryStream.remove(input);
    MemorySinkTable.remove(output);
  }

  /** Runs one batch of the two rows below through foreachBatch with {@code code}. */
  private void runOneBatch(BiConsumer<Dataset, Long> code) {
    AtomicReference<Throwable> failure = new AtomicReference<>();
    try (MillraceSession session = MillraceSession.builder().build()) {
      StreamingQuery q = session.readStream().format("memory").option("name", input).load()
          .writeStream().foreachBatch((batch, id) -> {
            try {
              code.accept(batch, id);
            } catch (Throwable t) {
              failure.set(t);
            }
          }).start();
      stream.addData(Row.of(1L, "ann"), Row.of(2L, "bob"));
      q.processAllAvailable();
      q.stop();
      assertThat(q.exception()).isEmpty();
    }
    if (failure.get() instanceof RuntimeException e) {
      throw e;
    } else if (failure.get() instanceof Error e) {
      throw e;
    }
  }

  @Test
  void aBatchIsABoundedDatasetToQuery() {
    List<List<Row>> seen = new CopyOnWriteArrayList<>();
    List<Long> counts = new CopyOnWriteArrayList<>();
    runOneBatch((batch, id) -> {
      assertThat(batch.isStreaming()).isFalse();
      seen.add(batch.collectAsList());
      seen.add(batch.filter("id > 1").withColumn("loud", upper(col("name"))).drop("name").collectAsList());
      seen.add(batch.select(col("id").multiply(10).as("x")).where(col("x").lt(15)).collectAsList());
      counts.add(batch.count());
      counts.add(batch.filter(col("name").startsWith("a")).count());
    });
    assertThat(seen).containsExactly(
        List.of(Row.of(1L, "ann"), Row.of(2L, "bob")),
        List.of(Row.of(2L, "BOB")),
        List.of(Row.of(10L)));
    assertThat(counts).containsExactly(2L, 1L);
  }

  @Test
  void aBatchIsWrittenThroughASinkByNameWithItsBatchId() {
    String other = output + "-other";
    List<Throwable> refused = new CopyOnWriteArrayList<>();
    runOneBatch((batch, id) -> {
      batch.filter("id = 2").write().format("memory").option("name", output).save();
      batch.write().format("memory").option("name", other).save();
      try {
        // The same batch id again: the sink would skip it as a replay, so it is refused here.
        batch.write().format("MEMORY").option("NAME", output).save();
      } catch (AnalysisException e) {
        refused.add(e);
      }
    });
    MemorySinkTable table = MemorySinkTable.get(output);
    assertThat(table.rows()).containsExactly(Row.of(2L, "bob"));
    assertThat(table.batchIds()).containsExactly(0L);
    assertThat(MemorySinkTable.get(other).rows()).containsExactly(Row.of(1L, "ann"), Row.of(2L, "bob"));
    MemorySinkTable.remove(other);
    assertThat(refused).singleElement().extracting(Throwable::getMessage).asString()
        .startsWith("batch 0 was already saved to sink 'MEMORY' with options {NAME=" + output + "} in this foreachBatch call")
        .contains("Union the rows first and save once, or save to another table");
  }

  @Test
  void aggregationsOnABatchAreRefusedWithTheReason() {
    AtomicReference<Throwable> refused = new AtomicReference<>();
    runOneBatch((batch, id) -> {
      try {
        batch.groupBy("name").count().collectAsList();
      } catch (AnalysisException e) {
        refused.set(e);
      }
    });
    assertThat(refused.get()).isInstanceOf(AnalysisException.class)
        .hasMessageContaining("groupBy(..).agg(..) is not supported on the batch of foreachBatch");
  }

  @Test
  void aStreamIsNotCollectedAndABatchIsNotStreamed() {
    try (MillraceSession session = MillraceSession.builder().build()) {
      Dataset stream = session.readStream().format("memory").option("name", input).load();
      assertThatThrownBy(stream::collectAsList).isInstanceOf(AnalysisException.class)
          .hasMessageContaining("Queries with streaming sources must be executed with writeStream().start()");
      assertThatThrownBy(stream::write).isInstanceOf(AnalysisException.class);
    }
    AtomicReference<Throwable> refused = new AtomicReference<>();
    runOneBatch((batch, id) -> {
      try {
        batch.writeStream();
      } catch (AnalysisException e) {
        refused.set(e);
      }
    });
    assertThat(refused.get()).hasMessageContaining("writeStream() is for streams");
  }
}
