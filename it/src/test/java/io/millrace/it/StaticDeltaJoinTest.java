package io.millrace.it;

import static io.millrace.api.testing.StreamAction.addData;
import static io.millrace.api.testing.StreamAction.advanceManualClock;
import static io.millrace.api.testing.StreamAction.checkLastBatch;
import static io.millrace.api.testing.StreamAction.execute;
import static io.millrace.api.testing.StreamAction.startStream;
import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.Trigger;
import io.millrace.api.functions;
import io.millrace.api.testing.ManualClock;
import io.millrace.api.testing.MemoryStream;
import io.millrace.api.testing.StreamTest;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stream joined with a Delta table read as a static table ({@code read().format("delta")}):
 * the table's latest snapshot when the query starts, and the one after later commits once the
 * refresh interval has passed.
 */
class StaticDeltaJoinTest {
  private static final Schema PRODUCTS = Schema.parse("sku STRING, price DOUBLE");
  private static final Schema ORDERS = Schema.parse("orderId INT, item STRING");

  @TempDir Path dir;

  /** Appends {@code rows} to the Delta table at {@code table}, one commit, through the delta sink. */
  private void commit(MillraceSession session, MemoryStream products, Path table, Row... rows) {
    products.addData(List.of(rows));
    StreamingQuery q = products.toDataset(session).writeStream().format("delta").option("path", table.toString())
        .option("checkpointLocation", dir.resolve("products-ck").toString()).trigger(Trigger.availableNow()).start();
    q.awaitTermination();
  }

  @Test
  void aDeltaTableIsReadAtStartAndItsLaterCommitsAfterTheRefreshInterval() {
    Path table = dir.resolve("products");
    ManualClock clock = new ManualClock();
    try (MillraceSession session = MillraceSession.builder().clock(clock).build();
        MemoryStream products = MemoryStream.create("products", PRODUCTS);
        MemoryStream orders = MemoryStream.create("orders", ORDERS)) {
      commit(session, products, table, Row.of("apple", 1.5), Row.of("pear", 2.0));
      commit(session, products, table, Row.of("fig", 4.25));
      Dataset priced = orders.toDataset(session)
          .join(session.read().format("delta").option("refreshInterval", "5 minutes").load(table.toString()),
              functions.expr("item = sku"), "leftOuter")
          .select("orderId", "price");
      assertThat(priced.schema().names()).containsExactly("orderId", "price");
      StreamTest.testStream(priced).run(
          startStream(Trigger.processingTime("1 second"), clock),
          addData(orders, Row.of(1, "apple"), Row.of(2, "fig"), Row.of(3, "kiwi")),
          advanceManualClock(1000),
          checkLastBatch(Row.of(1, 1.5), Row.of(2, 4.25), Row.of(3, null)),
          execute("kiwi is committed to the table", q -> commit(session, products, table, Row.of("kiwi", 0.5))),
          addData(orders, Row.of(4, "kiwi")),
          advanceManualClock(1000),
          checkLastBatch(Row.of(4, null)),
          advanceManualClock(300_000),
          addData(orders, Row.of(5, "kiwi")),
          advanceManualClock(1000),
          checkLastBatch(Row.of(5, 0.5)),
          execute("the second read took the three commits' four rows", q ->
              assertThat(q.lastProgress().customMetrics()).containsEntry("numStaticTableRowsRead", 4L)));
    }
  }
}
