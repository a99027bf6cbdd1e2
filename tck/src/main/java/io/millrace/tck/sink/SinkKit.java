package io.millrace.tck.sink;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.sink.SinkProvider;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * What a sink author gives {@link SinkContractSuite}: the provider, the options, the rows to
 * write and a way to read back what the sink made durable.
 *
 * <p>The suite asks for a new kit before every rule and closes it after, so a kit should
 * point the sink at a fresh table, topic or directory per rule.
 *
 * <p>Rule K10 writes from a child JVM: it creates the provider there from its class name (the
 * public no-argument constructor ServiceLoader needs) with {@link #options()}, for the rule's
 * query id, and hands it the rows of {@link #rows} as plain values. The options must therefore
 * reach the same table from another process; a kit whose table lives in the test's JVM says so
 * with {@link #reachableFromAnotherProcess()}.
 */
public interface SinkKit extends AutoCloseable {

  /** The provider under test; the suite creates every instance through it. */
  SinkProvider provider();

  /** The options every instance is created with (for example the table to write). */
  default Map<String, String> options() {
    return Map.of();
  }

  /** The schema of the rows the suite writes. */
  Schema schema();

  /**
   * The output mode the suite writes with. With {@link OutputMode#COMPLETE} the suite expects
   * each batch to replace what the sink holds; otherwise it expects batches to add up.
   */
  default OutputMode outputMode() {
    return OutputMode.APPEND;
  }

  /**
   * {@code count} rows of {@link #schema()}. Every row must differ from every row this kit
   * returned before (carry a sequence number), so the suite can tell a duplicate from a new
   * row. Use {@code random} for any other values, so a failure replays from its seed.
   */
  List<Row> rows(int count, Random random);

  /**
   * Everything the sink's external system durably holds for this rule, read independently
   * of any sink instance (a fresh client, a file listing, a query), in any order.
   */
  List<Row> readBack() throws IOException;

  /**
   * Whether another process reaches this rule's table through the provider's class name and
   * {@link #options()} alone. False only for a table held in the test's JVM (an in-memory
   * sink); K10 then skips with the reason.
   */
  default boolean reachableFromAnotherProcess() {
    return true;
  }

  /**
   * Whether two queries (two query ids) may write this table, each adding its rows. False for
   * a sink whose table belongs to one query, so that a new query id starts it afresh (Spark's
   * memory sink); K11 then skips with the reason.
   */
  default boolean severalQueriesPerTable() {
    return true;
  }

  /** Releases what the kit made for the rule; called once after it. */
  @Override
  default void close() throws IOException {}
}
