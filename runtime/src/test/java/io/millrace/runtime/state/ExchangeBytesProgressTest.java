package io.millrace.runtime.state;

import static io.millrace.api.functions.col;
import static io.millrace.api.testing.StreamAction.addData;
import static io.millrace.api.testing.StreamAction.checkAnswer;
import static io.millrace.api.testing.StreamAction.execute;
import static io.millrace.api.testing.StreamTest.testStream;
import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.StateOperatorProgress;
import io.millrace.api.StreamingQueryProgress;
import io.millrace.api.testing.MemoryStream;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A deduplication feeding a count, with millrace.exchange.encoded on and off: the same rows, and
 * each operator's progress counts the bytes its exchange carried only where it encodes them —
 * so the encoded runs of the stateful tests do take the encoded path.
 */
class ExchangeBytesProgressTest {
  @ParameterizedTest(name = "encoded: {0}")
  @ValueSource(booleans = {false, true})
  void encodedExchangesCountTheirBytes(boolean encoded) {
    List<StreamingQueryProgress> progress = new ArrayList<>();
    try (MillraceSession s = MillraceSession.builder().config("millrace.exchange.encoded", String.valueOf(encoded))
            .config("millrace.shuffle.partitions", "3").build();
        MemoryStream stream = MemoryStream.create(Schema.parse("id LONG, key STRING"))) {
      Dataset counts = stream.toDataset(s).dropDuplicates("id").groupBy(col("key")).count();
      testStream(counts, OutputMode.COMPLETE).run(
          addData(stream, List.of(Row.of(1L, "a"), Row.of(1L, "a"), Row.of(2L, "b"), Row.of(3L, "a"))),
          checkAnswer(Row.of("a", 2L), Row.of("b", 1L)),
          addData(stream, List.of(Row.of(2L, "b"), Row.of(4L, "b"))),
          checkAnswer(Row.of("a", 2L), Row.of("b", 2L)),
          execute("keep the progress", q -> progress.addAll(q.recentProgress())));
    }
    for (StreamingQueryProgress p : progress) {
      for (StateOperatorProgress op : p.stateOperators()) {
        if (encoded) {
          assertThat(op.customMetrics()).as(op.operatorName()).hasEntrySatisfying("exchangeBytes",
              bytes -> assertThat(bytes).isPositive());
        } else {
          assertThat(op.customMetrics()).as(op.operatorName()).doesNotContainKey("exchangeBytes");
        }
      }
    }
    assertThat(progress).isNotEmpty();
  }
}
