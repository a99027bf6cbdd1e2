package io.millrace.runtime.plan;

import static io.millrace.api.functions.col;
import static io.millrace.api.functions.expr;
import static io.millrace.api.functions.sum;
import static io.millrace.api.functions.window;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.testing.MemoryStream;
import io.millrace.spi.data.Schema;
import java.nio.file.Path;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A second {@code withWatermark} over a stream that already has one. Spark 4.0.1 facts, each on a
 * rate stream in append mode (its default of several stateful operators):
 * <pre>
 * .withWatermark("timestamp", "10 seconds").withColumn("t2", col("timestamp")).withWatermark("t2", "5 seconds")
 *     .groupBy(window(col("t2"), "10 seconds")).count()
 *   => fails at its first batch: "Redefining watermark is disallowed."
 * .withWatermark("timestamp", "10 seconds").dropDuplicates("value", "timestamp").withWatermark("timestamp", "5 seconds")
 *     .groupBy(window(col("timestamp"), "10 seconds")).count()
 *   => the same
 * .withColumn("b", expr("timestamp + INTERVAL 1 SECOND")).withWatermark("timestamp", "2 seconds").drop("timestamp")
 *     .withWatermark("b", "1 second").groupBy(window(col("b"), "5 seconds")).count()
 *   => the same, once its watermark moves (b carries no watermark: the stream does)
 * .withWatermark("timestamp", "2 seconds").groupBy(window(col("timestamp"), "5 seconds")).count()
 *     .select(col("window.end").as("we"), col("count")).withWatermark("we", "5 seconds")
 *     .groupBy(window(col("we"), "10 seconds")).agg(sum("count"))
 *   => starts, but its watermark never moves (the second watermark waits for rows the first
 *      aggregation emits only once the watermark moves), so neither the check nor a row comes
 * </pre>
 * Spark checks when the watermark moves; Millrace refuses all of them at {@code start()}.
 */
class WatermarkRedefinitionTest {
  private static final Schema INPUT = Schema.parse("timestamp TIMESTAMP, value LONG");

  @TempDir Path dir;

  private StreamingQuery start(MillraceSession s, MemoryStream stream, UnaryOperator<Dataset> query) {
    return query.apply(stream.toDataset(s).withWatermark("timestamp", "10 seconds")).writeStream().format("memory")
        .option("name", "out-" + System.nanoTime()).outputMode("append")
        .option("checkpointLocation", dir.resolve("ckpt-" + System.nanoTime()).toString()).start();
  }

  @Test
  void aSecondWatermarkOnACopyOfTheEventTimeIsRefused() {
    try (MillraceSession s = MillraceSession.builder().build(); MemoryStream stream = MemoryStream.create(INPUT)) {
      assertThatThrownBy(() -> start(s, stream, d -> d.withColumn("t2", col("timestamp")).withWatermark("t2", "5 seconds")
          .groupBy(window(col("t2"), "10 seconds")).count()))
          .isInstanceOf(AnalysisException.class).hasMessageContaining("redefining the watermark is not allowed")
          .hasMessageContaining("[timestamp, t2]");
    }
  }

  @Test
  void aSecondWatermarkAfterADeduplicationIsRefused() {
    try (MillraceSession s = MillraceSession.builder().build(); MemoryStream stream = MemoryStream.create(INPUT)) {
      assertThatThrownBy(() -> start(s, stream, d -> d.dropDuplicates("value", "timestamp")
          .withWatermark("timestamp", "5 seconds").groupBy(window(col("timestamp"), "10 seconds")).count()))
          .isInstanceOf(AnalysisException.class).hasMessageContaining("withWatermark('timestamp', ..)")
          .hasMessageContaining("redefining the watermark is not allowed");
    }
  }

  @Test
  void aSecondWatermarkAfterTheFirstEventTimeWasDroppedIsRefused() {
    try (MillraceSession s = MillraceSession.builder().build(); MemoryStream stream = MemoryStream.create(INPUT)) {
      assertThatThrownBy(() -> start(s, stream, d -> d.withColumn("b", expr("timestamp + INTERVAL 1 SECOND"))
          .drop("timestamp").withWatermark("b", "1 second").groupBy(window(col("b"), "5 seconds")).count()))
          .isInstanceOf(AnalysisException.class).hasMessageContaining("withWatermark('b', ..)")
          .hasMessageContaining("a withWatermark below it already defines this stream's watermark");
      assertThatThrownBy(() -> start(s, stream, d -> d.groupBy(window(col("timestamp"), "5 seconds")).count()
          .select(col("window.end").as("we"), col("count")).withWatermark("we", "5 seconds")
          .groupBy(window(col("we"), "10 seconds")).agg(sum("count"))))
          .isInstanceOf(AnalysisException.class).hasMessageContaining("withWatermark('we', ..)");
    }
  }
}
