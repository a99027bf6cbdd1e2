package io.millrace.tck.sink;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.millrace.spi.data.Row;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.fault.FaultPoint;
import io.millrace.spi.sink.DeliveryGuarantee;
import io.millrace.spi.sink.ReadableSinkProvider;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.SinkContext;
import io.millrace.tck.Capability;
import io.millrace.tck.CrashAt;
import io.millrace.tck.SimulatedCrash;
import io.millrace.tck.Tck;
import io.millrace.tck.TckContext;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The contract every {@link Sink} keeps for the {@link DeliveryGuarantee} it declares. To check
 * yours, extend this class in your plugin's tests and return a {@link SinkKit}:
 *
 * <pre>{@code
 * class JdbcSinkTckTest extends SinkContractSuite {
 *   @Override
 *   protected SinkKit kit() {
 *     return new JdbcSinkKit(); // a fresh table per rule
 *   }
 * }
 * }</pre>
 *
 * <p>Each rule is one test named by its id (K01..K08). The suite plays the engine: it creates
 * instances through the kit's provider for one query id per rule, calls {@code addBatch} with
 * batch ids 0, 1, 2, … and checks {@link SinkKit#readBack()} against the batches written.
 * A crash is simulated by throwing {@link SimulatedCrash} (from the batch's iterator, or from
 * a {@link CrashAt} at {@link FaultPoint#INSIDE_SINK_WRITE} for sinks that report it); the
 * crashed instance is then dropped without {@code close()}, as a dead process would leave it,
 * and the rule goes on with a fresh instance. Rules that need replay semantics are skipped,
 * with the reason, for guarantees that do not promise them.
 *
 * <p>Differences are reported the way Jepsen's queue checker does: rows lost, unexpected and
 * duplicated. One bug should fail one rule: K03 first tells a sink that forgets written batch
 * ids on every new instance (K02's rule) apart from one that forgets them only in a crash.
 */
public abstract class SinkContractSuite {
  private static final int CRASH_AFTER = 3;

  private SinkKit kit;
  private String queryId;
  private Expected expected;
  private final Set<Row> made = new HashSet<>();
  private final List<Sink> instances = new ArrayList<>();

  /** A new kit for one rule: typically a fresh table, topic or directory. */
  protected abstract SinkKit kit();

  @BeforeEach
  public final void createKit() {
    kit = kit();
    assertNotNull(kit, "kit() returned null");
    queryId = UUID.randomUUID().toString();
    expected = new Expected(kit.outputMode());
  }

  @AfterEach
  public final void closeEverything() throws Exception {
    for (Sink sink : instances) {
      try {
        sink.close();
      } catch (Exception e) {
        // Closing here only frees resources; K07 is the rule that holds close() to account.
      }
    }
    if (kit != null) {
      kit.close();
    }
  }

  @Test
  @DisplayName("K01 adding a batch twice on one instance writes it once [EXACTLY_ONCE]")
  public void k01_addingABatchTwiceWritesItOnce() throws Exception {
    Sink sink = open();
    requireExactlyOnce(sink, "K01");
    Random random = Tck.random("K01");
    write("K01", sink, 0, rows(random, 3), true);
    List<Row> batch = rows(random, 4);
    write("K01", sink, 1, batch, true);
    write("K01", sink, 1, batch, false);
    assertHolds("K01", "after batch 1 was added twice to one instance");
  }

  @Test
  @DisplayName("K02 a replay on a fresh instance writes nothing [EXACTLY_ONCE]")
  public void k02_aReplayOnAFreshInstanceWritesNothing() throws Exception {
    Sink first = open();
    requireExactlyOnce(first, "K02");
    Random random = Tck.random("K02");
    write("K02", first, 0, rows(random, 3), true);
    List<Row> batch = rows(random, 4);
    write("K02", first, 1, batch, true);
    first.close();
    write("K02", open(), 1, batch, false);
    assertHolds("K02", "after batch 1, written and closed, was added again on a fresh instance of the same query");
  }

  @Test
  @DisplayName("K03 a crash between the sink's write and the commit loses nothing; the replay adds nothing"
      + " (exactly-once) or only copies of the batch (at-least-once)")
  public void k03_aCrashBeforeTheCommitLosesNothing() throws Exception {
    Sink first = open();
    DeliveryGuarantee guarantee = first.guarantee();
    Capability.require(guarantee != DeliveryGuarantee.NONE, "K03 needs EXACTLY_ONCE or AT_LEAST_ONCE; the sink declares NONE");
    Random random = Tck.random("K03");
    write("K03", first, 0, rows(random, 3), true);
    List<Row> crashed = rows(random, 4);
    write("K03", first, 1, crashed, true);
    // The process dies before commits/1: the instance is dropped, and a restart replays batch 1.
    Sink restarted = open();
    write("K03", restarted, 1, crashed, false);
    write("K03", restarted, 2, rows(random, 3), true);

    Delivery delivery = Delivery.of(expected.rows(), kit.readBack());
    String story = "batches 0 and 1 were written, the instance was dropped before the commit, and a fresh instance"
        + " replayed batch 1 and wrote batch 2; the sink declares " + guarantee;
    assertTrue(delivery.lost().isEmpty() && delivery.unexpected().isEmpty(),
        "K03 " + story + ": nothing may be lost or unexpected; " + delivery.describe() + Tck.seedHint());
    if (guarantee == DeliveryGuarantee.AT_LEAST_ONCE) {
      assertTrue(delivery.duplicatesOnlyOf(crashed), "K03 " + story + ": at-least-once allows copies of the replayed"
          + " batch 1 only; " + delivery.describe() + Tck.seedHint());
    } else if (!delivery.duplicated().isEmpty()) {
      Capability.require(!freshReplayDuplicates(random, 3), "K03 cannot be judged on its own: a replay on a fresh"
          + " instance duplicates a batch even without a crash, which is rule K02's failure (" + delivery.describe() + ")");
      fail("K03 " + story + ": exactly-once allows no duplicates; " + delivery.describe() + Tck.seedHint());
    }
  }

  /** K02's scenario on batch {@code id}, with a clean close: whether the fresh instance's replay left copies. */
  private boolean freshReplayDuplicates(Random random, long id) throws Exception {
    List<Row> batch = rows(random, 2);
    Sink first = open();
    write("K03", first, id, batch, true);
    first.close();
    write("K03", open(), id, batch, false);
    return !Delivery.of(expected.rows(), kit.readBack()).duplicated().isEmpty();
  }

  @Test
  @DisplayName("K04 a crash inside addBatch leaves no partial batch, and the replay writes it whole once [EXACTLY_ONCE]")
  public void k04_aCrashInsideAddBatchLeavesNoPartialBatch() throws Exception {
    Sink first = open(CrashAt.point(FaultPoint.INSIDE_SINK_WRITE, 1));
    requireExactlyOnce(first, "K04");
    Random random = Tck.random("K04");
    write("K04", first, 0, rows(random, 3), true);
    List<Row> batch = rows(random, 2 * CRASH_AFTER);
    Throwable thrown = null;
    try {
      first.addBatch(1, new CrashingBatch(1, kit.schema(), batch, CRASH_AFTER));
    } catch (Throwable t) {
      thrown = t;
    }
    assertTrue(thrown != null, "K04 addBatch(1) returned normally although its batch crashed after " + CRASH_AFTER + " of "
        + batch.size() + " rows: the sink swallowed a SimulatedCrash (an Error that stands for the process dying)");
    assertTrue(causedByCrash(thrown), "K04 addBatch(1) failed with " + thrown + ", not with the simulated crash");
    // The crashed instance is dropped, as a dead process leaves it.
    assertHolds("K04", "after a crash inside addBatch(1), none of batch 1 may be visible (its rows count as unexpected"
        + " until the replay)");
    write("K04", open(), 1, batch, true);
    assertHolds("K04", "after a fresh instance replayed batch 1, which had crashed part-way");
  }

  private static boolean causedByCrash(Throwable thrown) {
    for (Throwable t = thrown; t != null; t = t.getCause()) {
      if (t instanceof SimulatedCrash) {
        return true;
      }
    }
    return false;
  }

  @Test
  @DisplayName("K05 an older batch id after a newer one writes nothing [EXACTLY_ONCE]")
  public void k05_anOlderBatchIdWritesNothing() throws Exception {
    Sink sink = open();
    requireExactlyOnce(sink, "K05");
    Random random = Tck.random("K05");
    for (long id = 0; id <= 2; id++) {
      write("K05", sink, id, rows(random, 3), true);
    }
    List<Row> stale = rows(random, 3);
    try {
      sink.addBatch(1, new RowBatch(kit.schema(), stale));
    } catch (Exception e) {
      // Refusing a stale batch id with an error is as good as ignoring it.
    }
    assertHolds("K05", "after batch 1 came again, with other rows, once batch 2 was written");
  }

  @Test
  @DisplayName("K06 an empty batch writes nothing and does not break the next batch")
  public void k06_anEmptyBatchWritesNothing() throws Exception {
    Sink sink = open();
    DeliveryGuarantee guarantee = sink.guarantee();
    Random random = Tck.random("K06");
    write("K06", sink, 0, rows(random, 3), true);
    write("K06", sink, 1, List.of(), true);
    assertDelivered("K06", guarantee, "after the empty batch 1");
    write("K06", sink, 2, rows(random, 3), true);
    assertDelivered("K06", guarantee, "after batch 2, which followed the empty batch 1");
  }

  private void assertDelivered(String rule, DeliveryGuarantee guarantee, String when) throws Exception {
    if (guarantee != DeliveryGuarantee.NONE) {
      assertHolds(rule, when);
      return;
    }
    Delivery delivery = Delivery.of(expected.rows(), kit.readBack());
    assertTrue(delivery.unexpected().isEmpty(), rule + " " + when + ": a sink with no guarantee may lose or repeat rows,"
        + " but not hold rows it was never given; " + delivery.describe() + Tck.seedHint());
  }

  @Test
  @DisplayName("K07 close may be called twice")
  public void k07_closeMayBeCalledTwice() throws Exception {
    Sink sink = open();
    write("K07", sink, 0, rows(Tck.random("K07"), 3), true);
    for (int call = 1; call <= 2; call++) {
      try {
        sink.close();
      } catch (Exception e) {
        fail("K07 close() threw on call " + call + " of 2; it must be safe to repeat: " + e, e);
      }
    }
  }

  @Test
  @DisplayName("K08 a readable provider reads back what the external system holds [ReadableSinkProvider]")
  public void k08_aReadableProviderReadsBackWhatIsHeld() throws Exception {
    Capability.require(kit.provider() instanceof ReadableSinkProvider,
        "K08 needs a provider that implements ReadableSinkProvider; " + kit.provider().getClass().getName() + " does not");
    ReadableSinkProvider provider = (ReadableSinkProvider) kit.provider();
    assertTrue(provider.readBack(context(FaultInjector.NONE), Integer.MAX_VALUE).isEmpty(),
        "K08 readBack before any batch was written must be empty");
    Sink sink = open();
    Random random = Tck.random("K08");
    write("K08", sink, 0, rows(random, 3), true);
    write("K08", sink, 1, rows(random, 4), true);

    List<Row> all = provider.readBack(context(FaultInjector.NONE), Integer.MAX_VALUE);
    Delivery delivery = Delivery.of(kit.readBack(), all);
    assertTrue(delivery.exact(), "K08 after batches 0 and 1, the provider's readBack must equal the kit's independent"
        + " read-back; " + delivery.describe() + Tck.seedHint());
    List<Row> two = provider.readBack(context(FaultInjector.NONE), 2);
    assertTrue(two.size() == 2 && all.containsAll(two), "K08 readBack(context, 2) must return 2 of the held rows; it"
        + " returned " + two);
  }

  private Sink open() {
    return open(FaultInjector.NONE);
  }

  /** A new instance from the provider, for this rule's query. */
  private Sink open(FaultInjector faults) {
    Sink sink = kit.provider().create(context(faults));
    assertNotNull(sink, "the provider's create(..) returned null");
    instances.add(sink);
    return sink;
  }

  private SinkContext context(FaultInjector faults) {
    return TckContext.sink(kit.provider().name(), kit.options(), queryId, kit.schema(), kit.outputMode(), faults);
  }

  private static void requireExactlyOnce(Sink sink, String rule) {
    Capability.require(sink.guarantee() == DeliveryGuarantee.EXACTLY_ONCE,
        rule + " needs EXACTLY_ONCE; the sink declares " + sink.guarantee());
  }

  /** New rows from the kit, checked to differ from every row it made before in this rule. */
  private List<Row> rows(Random random, int count) {
    List<Row> rows = List.copyOf(kit.rows(count, random));
    assertTrue(rows.size() == count, "the kit's rows(" + count + ", random) returned " + rows.size() + " rows");
    for (Row row : rows) {
      assertTrue(made.add(row), "the kit's rows(..) returned " + row + " twice; SinkKit.rows must return rows that"
          + " differ from every row it returned before");
    }
    return rows;
  }

  /** Adds batch {@code id}; {@code isNew} says whether a correct sink now holds it (false for a replay). */
  private void write(String rule, Sink sink, long id, List<Row> rows, boolean isNew) {
    try {
      sink.addBatch(id, new RowBatch(kit.schema(), rows));
    } catch (Exception e) {
      fail(rule + " addBatch(" + id + ") with " + rows.size() + " rows failed: " + e, e);
    }
    if (isNew) {
      expected.written(rows);
    }
  }

  private void assertHolds(String rule, String when) throws Exception {
    Delivery delivery = Delivery.of(expected.rows(), kit.readBack());
    assertTrue(delivery.exact(), rule + " " + when + ": the sink must hold each row written exactly once; "
        + delivery.describe() + Tck.seedHint());
  }
}
