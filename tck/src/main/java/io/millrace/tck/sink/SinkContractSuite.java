package io.millrace.tck.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.millrace.spi.data.Row;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.fault.FaultPoint;
import io.millrace.spi.sink.DeliveryGuarantee;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.sink.ReadableSinkProvider;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.SinkContext;
import io.millrace.spi.sink.TaskWriter;
import io.millrace.spi.sink.WriterCommitMessage;
import io.millrace.spi.storage.Storage;
import io.millrace.tck.Capability;
import io.millrace.tck.CrashAt;
import io.millrace.tck.FaultLog;
import io.millrace.tck.SimulatedCrash;
import io.millrace.tck.Tck;
import io.millrace.tck.TckContext;
import io.millrace.tck.child.ChildJvm;
import io.millrace.tck.child.ChildPlugins;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.function.UnaryOperator;
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
 * <p>Each rule is one test named by its id (K01..K14). The suite plays the engine: it creates
 * instances through the kit's provider for one query id per rule, calls {@code addBatch} with
 * batch ids 0, 1, 2, … and checks {@link SinkKit#readBack()} against the batches written. For a
 * sink that {@linkplain Sink#writesPerTask() writes per task} every rule writes as the engine
 * does then: the batch's rows over three task writers, then {@code Sink.commit} with copies of
 * their messages; so a crash inside a batch may leave some tasks committed and the batch not.
 * K13 and K14 hold such a sink to the per-task steps themselves and are skipped for others.
 * A crash is simulated by throwing {@link SimulatedCrash} (from the batch's iterator, or from
 * a {@link CrashAt} at {@link FaultPoint#INSIDE_SINK_WRITE} for sinks that report it); the
 * crashed instance is then dropped without {@code close()}, as a dead process would leave it,
 * and the rule goes on with a fresh instance. K09 and K12 learn the steps a sink takes inside
 * {@code addBatch} from a clean run (the fault points it reports, the files it publishes through
 * {@code PluginContext.storage()}) and crash at each in turn; K10 halts a child JVM instead (see
 * {@link SinkKit} for what that asks of a kit). Rules that need replay semantics are skipped,
 * with the reason, for guarantees that do not promise them.
 *
 * <p>Differences are reported the way Jepsen's queue checker does: rows lost, unexpected and
 * duplicated. One bug should fail one rule: K03 first tells a sink that forgets written batch
 * ids on every new instance (K02's rule) apart from one that forgets them only in a crash.
 */
public abstract class SinkContractSuite {
  private static final int CRASH_AFTER = 3;
  /** Rows per batch in the rules that crash at a sink's own steps: enough for a sink that writes in pieces. */
  private static final int STEP_ROWS = 6;

  private SinkKit kit;
  private String queryId;
  private Expected expected;
  private final Set<Row> made = new HashSet<>();
  private final List<Sink> instances = new ArrayList<>();
  private long highestBatch = -1;

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
      Capability.require(!replayDuplicates("K03", random, 3, true), "K03 cannot be judged on its own: a replay on a fresh"
          + " instance duplicates a batch even without a crash, which is rule K02's failure (" + delivery.describe() + ")");
      fail("K03 " + story + ": exactly-once allows no duplicates; " + delivery.describe() + Tck.seedHint());
    }
  }

  /**
   * Skips {@code rule} if its duplicates come from a simpler rule's failure: a replay on a fresh
   * instance that duplicates after a clean close (K02), or after the instance that wrote the whole
   * batch was dropped in this process (K03).
   */
  private void requireNoSimplerFailure(String rule, Delivery delivery) throws Exception {
    Random random = Tck.random(rule + " judged");
    Capability.require(!replayDuplicates(rule, random, highestBatch + 1, true), rule + " cannot be judged on its own: a"
        + " replay on a fresh instance duplicates a batch even without a crash, which is rule K02's failure ("
        + delivery.describe() + ")");
    Capability.require(!replayDuplicates(rule, random, highestBatch + 1, false), rule + " cannot be judged on its own:"
        + " a replay after the instance that wrote the batch was dropped in this process duplicates it, which is rule"
        + " K03's failure (" + delivery.describe() + ")");
  }

  /**
   * Writes a new batch {@code id} on one instance, closes it ({@code closed}, K02's scenario) or
   * drops it (K03's), replays the batch on a fresh instance, and tells whether rows of that batch
   * are now held twice.
   */
  private boolean replayDuplicates(String rule, Random random, long id, boolean closed) throws Exception {
    List<Row> batch = rows(random, 2);
    Sink first = open();
    write(rule, first, id, batch, true);
    if (closed) {
      first.close();
    }
    write(rule, open(), id, batch, false);
    List<Row> duplicated = Delivery.of(expected.rows(), kit.readBack()).duplicated();
    return batch.stream().anyMatch(duplicated::contains);
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
      TaskDelivery.deliver(first, 1, new CrashingBatch(1, kit.schema(), batch, CRASH_AFTER));
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
      TaskDelivery.deliver(sink, 1, new RowBatch(kit.schema(), stale));
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

  @Test
  @DisplayName("K09 a crash at each step the sink takes inside addBatch (each fault point it reports; before and after each"
      + " file it publishes through PluginContext.storage) leaves the batch whole or absent, and the replay on a fresh"
      + " instance writes it once (exactly-once) or loses nothing (at-least-once)")
  public void k09_aCrashAtEachStepInsideAddBatch() throws Exception {
    Sink first = open();
    DeliveryGuarantee guarantee = first.guarantee();
    requireReplay(guarantee, "K09");
    Random random = Tck.random("K09");
    write("K09", first, 0, rows(random, STEP_ROWS), true);
    CrashSteps probe = new CrashSteps();
    write("K09", open(queryId, probe.faults(), probe.storages()), 1, rows(random, STEP_ROWS), true);
    List<CrashSteps.Step> steps = probe.of(1);
    Capability.require(!steps.isEmpty(), "K09 found no step inside addBatch to crash at: the sink reported no FaultPoint"
        + " through PluginContext.faultInjector() and published no file through PluginContext.storage(); a sink whose"
        + " write takes more than one durable step must report FaultPoint.INSIDE_SINK_WRITE between them");
    List<Row> crashed = new ArrayList<>();
    long batch = 2;
    for (CrashSteps.Step step : steps) {
      List<Row> rows = rows(random, STEP_ROWS);
      crash("K09", step, batch, rows, probe.describe(1));
      if (guarantee == DeliveryGuarantee.EXACTLY_ONCE) {
        assertWholeOrNone("K09", "after a crash at " + step + " inside addBatch(" + batch + ")", rows);
      }
      write("K09", open(), batch, rows, true);
      crashed.addAll(rows);
      assertReplayed("K09", guarantee, "after a crash at " + step + " inside addBatch(" + batch + ") and its replay on a"
          + " fresh instance", crashed);
      batch++;
    }
    write("K09", open(), batch, rows(random, STEP_ROWS), true);
    assertReplayed("K09", guarantee, "after batch " + batch + ", which followed the crashes", crashed);
  }

  /**
   * Runs {@code addBatch(batch)} on a fresh instance armed to crash at {@code step}, and fails
   * unless the crash came and ended the call; the crashed instance is dropped without close().
   */
  private void crash(String rule, CrashSteps.Step step, long batch, List<Row> rows, String cleanRun) {
    highestBatch = Math.max(highestBatch, batch);
    CrashSteps.Armed armed = step.arm(batch);
    Sink doomed = open(queryId, armed.faults(), armed.storages());
    instances.remove(doomed);
    Throwable thrown = null;
    try {
      TaskDelivery.deliver(doomed, batch, new RowBatch(kit.schema(), rows));
    } catch (Throwable t) {
      thrown = t;
    }
    if (!armed.fired()) {
      fail(rule + " armed a crash at " + step + " inside addBatch(" + batch + "), but addBatch "
          + (thrown == null ? "returned" : "failed with " + thrown) + " without reaching it; the clean run of a batch"
          + " of as many rows reached " + cleanRun + ", and an armed point must be reached" + Tck.seedHint());
    }
    assertTrue(thrown != null, rule + " addBatch(" + batch + ") returned normally although it crashed at " + step
        + ": the sink swallowed a SimulatedCrash (an Error that stands for the process dying)");
    assertTrue(causedByCrash(thrown), rule + " addBatch(" + batch + ") failed with " + thrown + ", not with the simulated"
        + " crash at " + step);
  }

  /** Whether the sink holds what it held before {@code batch}, or that and the whole of {@code batch}. */
  private boolean holdsWholeOrNone(List<Row> batch) throws Exception {
    List<Row> held = kit.readBack();
    return Delivery.of(expected.rows(), held).exact() || Delivery.of(expected.rowsWith(batch), held).exact();
  }

  /** Fails unless the sink holds what it held before {@code batch}, or that and the whole of {@code batch}. */
  private void assertWholeOrNone(String rule, String when, List<Row> batch) throws Exception {
    if (holdsWholeOrNone(batch)) {
      return;
    }
    Delivery without = Delivery.of(expected.rows(), kit.readBack());
    fail(rule + " " + when + ", the sink must hold the batch whole or not at all; compared with what it held before"
        + " the batch: " + without.describe() + Tck.seedHint());
  }

  /**
   * Exactly-once: the sink holds each row once. At-least-once: nothing lost, extra copies only
   * of {@code replayed}. Duplicates that a replay on a fresh instance makes even without a crash
   * are rule K02's failure, and skip the rule instead.
   */
  private void assertReplayed(String rule, DeliveryGuarantee guarantee, String when, List<Row> replayed) throws Exception {
    Delivery delivery = Delivery.of(expected.rows(), kit.readBack());
    if (guarantee == DeliveryGuarantee.EXACTLY_ONCE) {
      if (!delivery.exact() && delivery.lost().isEmpty() && delivery.unexpected().isEmpty()) {
        requireNoSimplerFailure(rule, delivery);
      }
      assertTrue(delivery.exact(), rule + " " + when + ": the sink must hold each row written exactly once; "
          + delivery.describe() + Tck.seedHint());
      return;
    }
    assertTrue(delivery.lost().isEmpty() && delivery.unexpected().isEmpty() && delivery.duplicatesOnlyOf(replayed),
        rule + " " + when + ": at-least-once loses nothing and repeats only replayed batches; " + delivery.describe()
            + Tck.seedHint());
  }

  @Test
  @DisplayName("K10 a restart in a new process: a child JVM halted after writing a batch, and one halted at the sink's own"
      + " fault point, lose nothing and the replays add nothing [EXACTLY_ONCE, AT_LEAST_ONCE: no loss; child JVM]")
  public void k10_aRestartInANewProcess() throws Exception {
    Sink first = open();
    DeliveryGuarantee guarantee = first.guarantee();
    requireReplay(guarantee, "K10");
    Capability.require(kit.reachableFromAnotherProcess(), "K10 writes from a child JVM, and the kit says another process"
        + " cannot reach its table (SinkKit.reachableFromAnotherProcess() is false)");
    Optional<String> why = ChildPlugins.whyNotCreatable(kit.provider().getClass());
    Capability.require(why.isEmpty(), "K10 writes from a child JVM, which cannot create the provider: " + why.orElse(""));
    first.close();
    Random random = Tck.random("K10");
    List<Row> b0 = rows(random, STEP_ROWS);
    List<Row> b1 = rows(random, STEP_ROWS);
    halt("K10", Map.of(0L, b0, 1L, b1), FaultPoint.AFTER_SINK_WRITE, 1);
    expected.written(b0);
    expected.written(b1);
    assertHolds("K10", "after a child JVM wrote batches 0 and 1 and halted before the commit of batch 1");

    FaultLog reports = new FaultLog();
    Sink restarted = open(reports);
    write("K10", restarted, 1, b1, false);
    write("K10", restarted, 2, rows(random, STEP_ROWS), true);
    assertReplayed("K10", guarantee, "after this process, as the next run, replayed batch 1 and wrote batch 2", b1);
    Optional<FaultPoint> own = reports.counts(2).keySet().stream().findFirst();
    if (own.isEmpty()) {
      return; // the sink reports no step of its own: the halt after its write was the one to make
    }
    restarted.close();
    // The same step, crashed in this process first: a sink that breaks there is K09's failure, not a restart's.
    List<Row> b3 = rows(random, STEP_ROWS);
    CrashSteps.Step step = new CrashSteps.Reported(own.get(), 1);
    crash("K10", step, 3, b3, "(batch 2, written by this process) " + own.get());
    boolean wholeOrNone = guarantee != DeliveryGuarantee.EXACTLY_ONCE || holdsWholeOrNone(b3);
    write("K10", open(), 3, b3, true);
    Delivery inProcess = Delivery.of(expected.rows(), kit.readBack());
    Capability.require(wholeOrNone && (guarantee == DeliveryGuarantee.EXACTLY_ONCE ? inProcess.exact()
        : inProcess.lost().isEmpty() && inProcess.unexpected().isEmpty()), "K10 cannot judge a restart at " + own.get()
        + ": a crash there breaks the batch already within one process, which is rule K09's failure ("
        + inProcess.describe() + ")");
    List<Row> b4 = rows(random, STEP_ROWS);
    halt("K10", Map.of(4L, b4), own.get(), 4);
    if (guarantee == DeliveryGuarantee.EXACTLY_ONCE) {
      assertWholeOrNone("K10", "after a child JVM halted at " + own.get() + " inside addBatch(4)", b4);
    }
    Sink again = open();
    write("K10", again, 4, b4, true);
    write("K10", again, 5, rows(random, STEP_ROWS), true);
    List<Row> replayed = new ArrayList<>(b3);
    replayed.addAll(b4);
    assertReplayed("K10", guarantee, "after a child JVM halted at " + own.get() + " inside addBatch(4) and this process"
        + " replayed batch 4 and wrote batch 5", replayed);
  }

  /** Runs a child JVM that writes {@code batches} and must halt at {@code point} of {@code batch}. */
  private void halt(String rule, Map<Long, List<Row>> batches, FaultPoint point, long batch) throws InterruptedException {
    try (ChildJvm child = ChildJvm.start(rule, SinkChild.of(kit, queryId, batches, point, batch), kit.provider().getClass())) {
      int exit = child.awaitExit();
      assertEquals(ChildJvm.HALTED, exit, () -> rule + " the child JVM was to halt at " + point + " of batch " + batch
          + " but ended with exit code " + exit + (exit == 0 ? ": the sink never reached that point" : "") + child.log());
    }
  }

  @Test
  @DisplayName("K11 two queries writing one table each get every row once: batch ids are kept per query, not per table"
      + " [EXACTLY_ONCE, append or update]")
  public void k11_twoQueriesOnOneTable() throws Exception {
    Sink a = open();
    requireExactlyOnce(a, "K11");
    Capability.require(kit.outputMode() != OutputMode.COMPLETE, "K11 needs append or update output: in complete mode each"
        + " batch replaces the table, so two queries cannot both keep their rows in it");
    Capability.require(kit.severalQueriesPerTable(), "K11 needs a table that two queries may write; the kit says each"
        + " query owns its table (SinkKit.severalQueriesPerTable() is false)");
    String other = UUID.randomUUID().toString();
    Random random = Tck.random("K11");
    Sink b = open(other, FaultInjector.NONE, UnaryOperator.identity());
    List<Row> b1 = rows(random, 3);
    write("K11", a, 0, rows(random, 3), true);
    write("K11", b, 0, rows(random, 3), true);
    write("K11", a, 1, rows(random, 3), true);
    write("K11", b, 1, b1, true);
    assertHolds("K11", "after queries A and B (query ids " + queryId + " and " + other + ") each wrote batches 0 and 1"
        + " into one table");
    a.close();
    b.close();
    write("K11", open(other, FaultInjector.NONE, UnaryOperator.identity()), 1, b1, false);
    write("K11", open(other, FaultInjector.NONE, UnaryOperator.identity()), 2, rows(random, 3), true);
    write("K11", open(), 2, rows(random, 3), true);
    assertReplayed("K11", DeliveryGuarantee.EXACTLY_ONCE, "after query B replayed batch 1 on a fresh instance, then both"
        + " wrote batch 2", List.of());
  }

  @Test
  @DisplayName("K12 after crashed writes a readable provider reads back what the external system holds: the committed"
      + " batches, nothing of a crashed one [ReadableSinkProvider]")
  public void k12_readBackAfterCrashedWrites() throws Exception {
    Capability.require(kit.provider() instanceof ReadableSinkProvider,
        "K12 needs a provider that implements ReadableSinkProvider; " + kit.provider().getClass().getName() + " does not");
    ReadableSinkProvider provider = (ReadableSinkProvider) kit.provider();
    Sink first = open();
    requireReplay(first.guarantee(), "K12");
    Random random = Tck.random("K12");
    write("K12", first, 0, rows(random, STEP_ROWS), true);
    CrashSteps probe = new CrashSteps();
    write("K12", open(queryId, probe.faults(), probe.storages()), 1, rows(random, STEP_ROWS), true);
    Delivery clean = Delivery.of(kit.readBack(), provider.readBack(context(FaultInjector.NONE), Integer.MAX_VALUE));
    Capability.require(clean.exact(), "K12 cannot be judged on its own: the provider's readBack differs from the kit's"
        + " even without a crash, which is rule K08's failure (" + clean.describe() + ")");

    List<Row> rows = rows(random, STEP_ROWS);
    Sink doomed = open();
    instances.remove(doomed);
    try {
      TaskDelivery.deliver(doomed, 2, new CrashingBatch(2, kit.schema(), rows, STEP_ROWS / 2));
    } catch (Throwable t) {
      // the process died there
    }
    assertReadBackMatches("K12", provider, "after a crash inside addBatch(2) while it took its rows");
    write("K12", open(), 2, rows, true);
    long batch = 3;
    for (CrashSteps.Step step : probe.of(1)) {
      rows = rows(random, STEP_ROWS);
      crash("K12", step, batch, rows, probe.describe(1));
      assertReadBackMatches("K12", provider, "after a crash at " + step + " inside addBatch(" + batch + ")");
      write("K12", open(), batch, rows, true);
      batch++;
    }
    assertReadBackMatches("K12", provider, "after every crashed batch was replayed");
  }

  private void assertReadBackMatches(String rule, ReadableSinkProvider provider, String when) throws Exception {
    List<Row> held = kit.readBack();
    Delivery delivery = Delivery.of(held, provider.readBack(context(FaultInjector.NONE), Integer.MAX_VALUE));
    assertTrue(delivery.exact(), rule + " " + when + ", the provider's readBack must show what the external system holds"
        + " (the kit's independent read-back): committed batches only; compared with it, " + delivery.describe()
        + Tck.seedHint());
  }

  @Test
  @DisplayName("K13 a batch written per task is invisible until Sink.commit, each task's commit message survives Java"
      + " serialization, and a replay with another number of tasks writes nothing [writesPerTask, EXACTLY_ONCE]")
  public void k13_perTaskRowsBecomeVisibleAtTheCommit() throws Exception {
    Sink sink = open();
    requirePerTask(sink, "K13");
    requireExactlyOnce(sink, "K13");
    Random random = Tck.random("K13");
    write("K13", sink, 0, rows(random, STEP_ROWS), true);
    List<Row> batch = rows(random, STEP_ROWS);
    highestBatch = Math.max(highestBatch, 1);
    List<WriterCommitMessage> messages = TaskDelivery.commitTasks(sink, 1, new RowBatch(kit.schema(), batch),
        TaskDelivery.TASKS);
    assertHolds("K13", "after the " + TaskDelivery.TASKS + " task writers of batch 1 committed and before"
        + " Sink.commit(1, ..), nothing of batch 1 may be visible (its rows count as unexpected)");
    List<WriterCommitMessage> copies = new ArrayList<>();
    for (int t = 0; t < messages.size(); t++) {
      Optional<String> why = TaskDelivery.whyNotCopied(messages.get(t));
      int task = t;
      assertTrue(why.isEmpty(), () -> "K13 the commit message of task " + task + " of batch 1 does not survive Java"
          + " serialization (" + why.orElse("") + "); a task may run in another process than the batch's commit");
      copies.add(TaskDelivery.copy(messages.get(t)).orElseThrow());
    }
    sink.commit(1, copies);
    expected.written(batch);
    assertHolds("K13", "after Sink.commit(1, ..) with copies of its tasks' messages");
    Sink fresh = open();
    fresh.commit(1, TaskDelivery.commitTasks(fresh, 1, new RowBatch(kit.schema(), batch), TaskDelivery.TASKS - 1));
    assertHolds("K13", "after batch 1 ran again on a fresh instance, in " + (TaskDelivery.TASKS - 1) + " tasks instead of "
        + TaskDelivery.TASKS + ", and committed again");
  }

  @Test
  @DisplayName("K14 an aborted batch leaves nothing visible, and aborting a replay of a committed batch takes nothing"
      + " away; a batch aborted once is written once by its replay [writesPerTask, EXACTLY_ONCE]")
  public void k14_anAbortedBatchLeavesNothing() throws Exception {
    Sink sink = open();
    requirePerTask(sink, "K14");
    requireExactlyOnce(sink, "K14");
    Random random = Tck.random("K14");
    write("K14", sink, 0, rows(random, STEP_ROWS), true);
    List<Row> committed = rows(random, STEP_ROWS);
    write("K14", sink, 1, committed, true);
    abortAfterOneTask(open(), 1, committed);
    assertHolds("K14", "after a replay of the committed batch 1 on a fresh instance was aborted: task 0 committed, task"
        + " 1 wrote a row and aborted, and Sink.abort(1, [task 0's message]) gave the replay up");
    List<Row> batch = rows(random, STEP_ROWS);
    abortAfterOneTask(sink, 2, batch);
    assertHolds("K14", "after batch 2 was aborted the same way, before any commit of it");
    write("K14", open(), 2, batch, true);
    assertHolds("K14", "after a fresh instance wrote the aborted batch 2 again");
  }

  /** Task 0 writes half of {@code rows} and commits; task 1 writes a row and aborts; the sink aborts the batch. */
  private void abortAfterOneTask(Sink sink, long batchId, List<Row> rows) throws Exception {
    highestBatch = Math.max(highestBatch, batchId);
    TaskWriter first = sink.createWriter(0, batchId);
    for (Row row : rows.subList(0, rows.size() / 2)) {
      first.write(row);
    }
    WriterCommitMessage message = first.commit();
    first.close();
    TaskWriter failing = sink.createWriter(1, batchId);
    failing.write(rows.get(rows.size() / 2));
    failing.abort();
    failing.close();
    sink.abort(batchId, List.of(message));
  }

  private Sink open() {
    return open(FaultInjector.NONE);
  }

  /** A new instance from the provider, for this rule's query. */
  private Sink open(FaultInjector faults) {
    return open(queryId, faults, UnaryOperator.identity());
  }

  /** A new instance from the provider, for query {@code query}, reporting to {@code faults} and seeing storage through {@code storages}. */
  private Sink open(String query, FaultInjector faults, UnaryOperator<Storage> storages) {
    Sink sink = kit.provider().create(context(query, faults, storages));
    assertNotNull(sink, "the provider's create(..) returned null");
    instances.add(sink);
    return sink;
  }

  private SinkContext context(FaultInjector faults) {
    return context(queryId, faults, UnaryOperator.identity());
  }

  private SinkContext context(String query, FaultInjector faults, UnaryOperator<Storage> storages) {
    return TckContext.sink(kit.provider().name(), kit.options(), query, kit.schema(), kit.outputMode(), faults, storages);
  }

  private static void requireReplay(DeliveryGuarantee guarantee, String rule) {
    Capability.require(guarantee != DeliveryGuarantee.NONE, rule + " needs EXACTLY_ONCE or AT_LEAST_ONCE; the sink declares NONE");
  }

  private static void requirePerTask(Sink sink, String rule) {
    Capability.require(sink.writesPerTask(), rule + " needs a sink that writes per task; this one takes whole batches"
        + " through addBatch (Sink.writesPerTask() is false)");
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
    highestBatch = Math.max(highestBatch, id);
    try {
      TaskDelivery.deliver(sink, id, new RowBatch(kit.schema(), rows));
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
