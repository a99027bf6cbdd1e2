package io.millrace.tck.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.millrace.spi.data.Row;
import io.millrace.spi.source.InputPartition;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.PartitionReader;
import io.millrace.spi.source.ReadLimit;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceCapability;
import io.millrace.tck.Capability;
import io.millrace.tck.JavaSerialization;
import io.millrace.tck.Tck;
import io.millrace.tck.TckContext;
import io.millrace.tck.child.ChildJvm;
import io.millrace.tck.child.ChildPlugins;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The contract every {@link Source} keeps. To check yours, extend this class in your plugin's
 * tests and return a {@link SourceKit}:
 *
 * <pre>{@code
 * class KafkaSourceTckTest extends SourceContractSuite {
 *   @Override
 *   protected SourceKit kit() {
 *     return new KafkaSourceKit(); // a fresh topic per rule
 *   }
 * }
 * }</pre>
 *
 * <p>Each rule is one test named by its id (S01..S15). It creates instances through the kit's
 * provider with a metadata path under {@link SourceKit#scratchRoot()}, one query id per rule,
 * and reads ranges the way the engine does: plan the partitions, then one reader each. A
 * "fresh instance" is a new one from the provider, as after a restart. Rules marked with a
 * capability run only if {@link Source#capabilities()} declares it and are otherwise skipped
 * with the reason. Rows are compared by value, so the kit's rows must be distinct.
 *
 * <p>Randomised sizes come from {@link Tck#random}; failures print the seed. S10 counts the
 * threads started while it runs, so do not run this class concurrently with other tests. S15
 * reads from a child JVM (see {@link SourceKit} for what that asks of a kit).
 */
public abstract class SourceContractSuite {
  /** Appends in S12: dozens, and with three or more rows each past row 100 too. */
  private static final int MANY_APPENDS = 36;
  private static final int COMMITTED_OF_MANY = 6;
  /** Batches in S14: more than a hundred triggers take. */
  private static final int MANY_BATCHES = 120;

  private SourceKit kit;
  private URI scratchRoot;
  private URI metadataPath;
  private String queryId;
  private final List<Source> instances = new ArrayList<>();

  /** A new kit for one rule: typically a fresh topic, table or directory. */
  protected abstract SourceKit kit();

  @BeforeEach
  public final void createKit() {
    kit = kit();
    assertNotNull(kit, "kit() returned null");
    scratchRoot = kit.scratchRoot();
    String root = scratchRoot.toString();
    metadataPath = URI.create((root.endsWith("/") ? root : root + "/") + "sources/0/");
    queryId = UUID.randomUUID().toString();
  }

  @AfterEach
  public final void closeEverything() throws Exception {
    for (Source source : instances) {
      closeQuietly(source);
    }
    if (kit != null) {
      kit.close();
    }
    if (scratchRoot != null && "file".equalsIgnoreCase(scratchRoot.getScheme())) {
      deleteTree(Path.of(scratchRoot));
    }
  }

  @Test
  @DisplayName("S01 an offset survives its JSON, on the same and on a fresh instance")
  public void s01_offsetSurvivesItsJson() throws Exception {
    Source source = open();
    Random random = Tck.random("S01");
    List<Offset> offsets = new ArrayList<>(List.of(source.initialOffset()));
    Offset last = source.initialOffset();
    for (int i = 0; i < 3; i++) {
      kit.append(1 + random.nextInt(5));
      last = source.latestOffset(last, ReadLimit.allAvailable());
      offsets.add(last);
    }
    Source fresh = open();
    for (Offset offset : offsets) {
      String json = offset.json();
      assertTrue(json != null && !json.isBlank() && !json.contains("\n") && !json.contains("\r"),
          "S01 an offset's JSON must be compact, one line and not blank; got '" + json + "'");
      assertEquals(json, source.deserializeOffset(json).json(),
          "S01 deserializeOffset(json).json() on the same instance must give the JSON back" + Tck.seedHint());
      assertEquals(json, fresh.deserializeOffset(json).json(),
          "S01 deserializeOffset(json).json() on a fresh instance must give the JSON back" + Tck.seedHint());
    }
  }

  @Test
  @DisplayName("S02 offsets never move back: each range reads only the new rows, and nothing new keeps the offset")
  public void s02_offsetsNeverMoveBack() throws Exception {
    Source source = open();
    Random random = Tck.random("S02");
    Offset previous = source.initialOffset();
    assertUnmoved(source, previous, "before any append");
    for (int step = 1; step <= 12; step++) {
      List<Row> appended = kit.append(1 + random.nextInt(5));
      Offset next = source.latestOffset(previous, ReadLimit.allAvailable());
      RowChecks.exactlyOnce("S02", "step " + step + ": latestOffset(" + previous.json() + ") returned " + next.json()
          + " after " + appended.size() + " rows were appended, so (" + previous.json() + ", " + next.json()
          + "] must read those rows and no earlier one" + Tck.seedHint(), appended, Ranges.all("S02", source, previous, next));
      assertUnmoved(source, next, "at step " + step);
      previous = next;
    }
  }

  private void assertUnmoved(Source source, Offset start, String when) throws IOException {
    Offset again = source.latestOffset(start, ReadLimit.allAvailable());
    assertEquals(start.json(), again.json(), "S02 with nothing new " + when + ", latestOffset(" + start.json()
        + ") must return the same offset; it returned " + again.json() + Tck.seedHint());
  }

  @Test
  @DisplayName("S03 reading a range again, once on a fresh instance, gives the same rows [REPLAYABLE]")
  public void s03_replayIsDeterministicOnAFreshInstance() throws Exception {
    Source first = open();
    requires(first, SourceCapability.REPLAYABLE, "S03");
    Random random = Tck.random("S03");
    kit.append(1 + random.nextInt(5));
    Offset start = first.latestOffset(first.initialOffset(), ReadLimit.allAvailable());
    List<Row> appended = kit.append(3 + random.nextInt(8));
    Offset end = first.latestOffset(start, ReadLimit.allAvailable());
    String range = "(" + start.json() + ", " + end.json() + "]";

    List<List<Row>> once = Ranges.byPartition("S03", first, start, end);
    List<List<Row>> twice = Ranges.byPartition("S03", first, start, end);
    Source fresh = open();
    List<List<Row>> replayed = Ranges.byPartition("S03", fresh, fresh.deserializeOffset(start.json()),
        fresh.deserializeOffset(end.json()));

    RowChecks.sameRows("S03", "reading " + range + " twice on one instance" + Tck.seedHint(),
        Ranges.flatten(once), Ranges.flatten(twice));
    RowChecks.sameRows("S03", "reading " + range + " on the instance that found the offsets, then on a fresh instance"
        + Tck.seedHint(), Ranges.flatten(once), Ranges.flatten(replayed));
    if (first.capabilities().contains(SourceCapability.ORDERED)) {
      RowChecks.appendOrder("S03", "reading " + range, appended, once);
      RowChecks.appendOrder("S03", "replaying " + range + " on a fresh instance", appended, replayed);
    }
  }

  @Test
  @DisplayName("S04 a fresh instance restarts from the committed offset without gap or duplicate [REPLAYABLE]")
  public void s04_restartFromTheCommittedOffset() throws Exception {
    Source first = open();
    requires(first, SourceCapability.REPLAYABLE, "S04");
    Random random = Tck.random("S04");
    List<Row> committedRows = kit.append(1 + random.nextInt(5));
    Offset committed = first.latestOffset(first.initialOffset(), ReadLimit.allAvailable());
    Ranges.all("S04", first, first.initialOffset(), committed);
    first.commit(committed);
    List<Row> uncommitted = kit.append(1 + random.nextInt(5));
    Offset end = first.latestOffset(committed, ReadLimit.allAvailable());
    Ranges.all("S04", first, committed, end);
    closeQuietly(first); // the batch (committed, end] was read but the process died before it was committed

    List<Row> later = kit.append(1 + random.nextInt(5));
    Source restarted = open();
    Offset resume = restarted.deserializeOffset(committed.json());
    Offset latest = restarted.latestOffset(resume, ReadLimit.allAvailable());
    List<Row> expected = new ArrayList<>(uncommitted);
    expected.addAll(later);
    RowChecks.exactlyOnce("S04", "after " + committedRows.size() + " rows were committed at " + committed.json()
        + ", a fresh instance read (" + committed.json() + ", " + latest.json() + "]; it must hold the uncommitted rows"
        + " and those appended since" + Tck.seedHint(), expected, Ranges.all("S04", restarted, resume, latest));
  }

  @Test
  @DisplayName("S05 the planned partitions are disjoint and together cover the range")
  public void s05_partitionsAreDisjointAndCoverTheRange() throws Exception {
    Source source = open();
    Random random = Tck.random("S05");
    List<Row> firstRows = kit.append(2 + random.nextInt(6));
    Offset middle = source.latestOffset(source.initialOffset(), ReadLimit.allAvailable());
    List<Row> laterRows = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      laterRows.addAll(kit.append(2 + random.nextInt(6)));
    }
    Offset end = source.latestOffset(middle, ReadLimit.allAvailable());
    checkPartitions(source, source.initialOffset(), middle, firstRows);
    checkPartitions(source, middle, end, laterRows);
  }

  private static void checkPartitions(Source source, Offset start, Offset end, List<Row> expected) {
    List<List<Row>> partitions = Ranges.byPartition("S05", source, start, end);
    RowChecks.exactlyOnce("S05", "the " + partitions.size() + " partitions planned for (" + start.json() + ", " + end.json()
        + "], each read by its own reader, must together read every row of the range once" + Tck.seedHint(),
        expected, Ranges.flatten(partitions));
  }

  @Test
  @DisplayName("S06 an empty range (o, o] reads no rows")
  public void s06_anEmptyRangeReadsNoRows() throws Exception {
    Source source = open();
    Offset initial = source.initialOffset();
    assertEmpty(source, initial, "the initial offset before any data");
    kit.append(3);
    Offset end = source.latestOffset(initial, ReadLimit.allAvailable());
    assertEmpty(source, initial, "the initial offset after data arrived");
    assertEmpty(source, end, "the latest offset");
    assertEmpty(source, source.deserializeOffset(end.json()), "the latest offset read back from its JSON");
  }

  private static void assertEmpty(Source source, Offset at, String what) {
    List<Row> rows = Ranges.all("S06", source, at, at);
    assertTrue(rows.isEmpty(), "S06 (" + at.json() + ", " + at.json() + "] at " + what + " must read no rows; read "
        + rows.size() + ": " + RowChecks.show(rows));
  }

  @Test
  @DisplayName("S07 ReadLimit.maxRows(n) never yields more than n rows a range, and still progresses [RATE_LIMIT]")
  public void s07_rateLimitsAreHonoured() throws Exception {
    Source source = open();
    requires(source, SourceCapability.RATE_LIMIT, "S07");
    Random random = Tck.random("S07");
    int max = 1 + random.nextInt(4);
    List<Row> appended = kit.append(max * 4 + 1 + random.nextInt(max));
    List<Row> read = new ArrayList<>();
    Offset current = source.initialOffset();
    for (int step = 1; read.size() < appended.size(); step++) {
      if (step > appended.size()) {
        fail("S07 after " + appended.size() + " steps under maxRows(" + max + ") only " + read.size() + " of "
            + appended.size() + " rows were read" + Tck.seedHint());
      }
      Offset next = source.latestOffset(current, ReadLimit.maxRows(max));
      List<Row> rows = Ranges.all("S07", source, current, next);
      assertTrue(rows.size() <= max, "S07 latestOffset(" + current.json() + ", maxRows(" + max + ")) returned "
          + next.json() + ", a range of " + rows.size() + " rows" + Tck.seedHint());
      assertFalse(rows.isEmpty(), "S07 latestOffset(" + current.json() + ", maxRows(" + max + ")) made no progress ("
          + next.json() + ") although " + (appended.size() - read.size()) + " rows were still unread" + Tck.seedHint());
      read.addAll(rows);
      current = next;
    }
    RowChecks.exactlyOnce("S07", "the ranges taken under maxRows(" + max + ") must together read every row once"
        + Tck.seedHint(), appended, read);
  }

  @Test
  @DisplayName("S08 data added while no instance runs is read exactly once by the next instance [REPLAYABLE]")
  public void s08_dataAddedWhileStoppedIsReadOnce() throws Exception {
    Source first = open();
    requires(first, SourceCapability.REPLAYABLE, "S08");
    Random random = Tck.random("S08");
    List<Row> before = kit.append(1 + random.nextInt(5));
    Offset committed = first.latestOffset(first.initialOffset(), ReadLimit.allAvailable());
    List<Row> readFirst = Ranges.all("S08", first, first.initialOffset(), committed);
    first.commit(committed);
    first.close();

    List<Row> whileStopped = kit.append(1 + random.nextInt(5));
    Source next = open();
    Offset resume = next.deserializeOffset(committed.json());
    Offset latest = next.latestOffset(resume, ReadLimit.allAvailable());
    List<Row> readNext = Ranges.all("S08", next, resume, latest);
    RowChecks.exactlyOnce("S08", "the next instance read (" + committed.json() + ", " + latest.json()
        + "]; it must hold exactly the rows appended while no instance ran" + Tck.seedHint(), whileStopped, readNext);
    List<Row> expected = new ArrayList<>(before);
    expected.addAll(whileStopped);
    List<Row> read = new ArrayList<>(readFirst);
    read.addAll(readNext);
    RowChecks.exactlyOnce("S08", "both instances together" + Tck.seedHint(), expected, read);
  }

  @Test
  @DisplayName("S09 after prepareForAvailableNow, rows appended later are not reached [AVAILABLE_NOW]")
  public void s09_availableNowStopsAtWhatWasThere() throws Exception {
    Source source = open();
    requires(source, SourceCapability.AVAILABLE_NOW, "S09");
    Random random = Tck.random("S09");
    List<Row> there = kit.append(1 + random.nextInt(5));
    source.prepareForAvailableNow();
    List<Row> later = kit.append(1 + random.nextInt(5));
    Offset end = source.latestOffset(source.initialOffset(), ReadLimit.allAvailable());
    RowChecks.exactlyOnce("S09", "latestOffset after prepareForAvailableNow returned " + end.json() + "; (initial, "
        + end.json() + "] must hold the rows there when it was called, and not the " + later.size() + " appended after"
        + Tck.seedHint(), there, Ranges.all("S09", source, source.initialOffset(), end));
    Offset beyond = source.latestOffset(end, ReadLimit.allAvailable());
    List<Row> more = Ranges.all("S09", source, end, beyond);
    assertTrue(more.isEmpty(), "S09 latestOffset(" + end.json() + ") after prepareForAvailableNow reached rows appended"
        + " after it: " + RowChecks.show(more) + Tck.seedHint());
  }

  @Test
  @DisplayName("S10 commit and close may be called twice, and close leaves no thread running")
  public void s10_commitAndCloseAreIdempotentAndLeakNoThreads() throws Exception {
    Source warmUp = open();
    kit.append(3);
    closeQuietly(warmUp); // threads the kit itself starts to append (clients, pools) now exist and are not counted
    Set<Thread> before = PluginThreads.alive();
    Source source = open();
    Offset end = source.latestOffset(source.initialOffset(), ReadLimit.allAvailable());
    Ranges.all("S10", source, source.initialOffset(), end);
    twice("S10 commit(" + end.json() + ")", () -> source.commit(end));
    twice("S10 close()", source::close);
    PluginThreads.assertNoneLeft("S10", before);
  }

  @Test
  @DisplayName("S11 a commit while later batches are uncommitted removes nothing a replay of them needs [REPLAYABLE]")
  public void s11_aCommitKeepsWhatLaterBatchesNeed() throws Exception {
    Source first = open();
    requires(first, SourceCapability.REPLAYABLE, "S11");
    Random random = Tck.random("S11");
    Offset start = requireFreshReplay("S11", first);
    List<Row> a = kit.append(1 + random.nextInt(5));
    Offset o1 = first.latestOffset(start, ReadLimit.allAvailable());
    Ranges.all("S11", first, start, o1);
    List<Row> b = kit.append(1 + random.nextInt(5));
    Offset o2 = first.latestOffset(o1, ReadLimit.allAvailable());
    Ranges.all("S11", first, o1, o2);
    List<Row> c = kit.append(1 + random.nextInt(5));
    Offset o3 = first.latestOffset(o2, ReadLimit.allAvailable());
    first.commit(o1);
    String story = "after batch 1 (" + a.size() + " rows, up to " + o1.json() + ") was committed while batch 2 (up to "
        + o2.json() + ") had been read and batch 3 (up to " + o3.json() + ") recorded, both uncommitted";
    RowChecks.exactlyOnce("S11", story + ", the same instance read batch 2 again" + Tck.seedHint(), b,
        Ranges.all("S11", first, o1, o2));
    RowChecks.exactlyOnce("S11", story + ", the same instance read batch 3" + Tck.seedHint(), c,
        Ranges.all("S11", first, o2, o3));
    closeQuietly(first); // the process dies before batch 2 is committed

    Source restarted = open();
    RowChecks.exactlyOnce("S11", story + ", a fresh instance replayed batch 2" + Tck.seedHint(), b,
        Ranges.all("S11", restarted, restarted.deserializeOffset(o1.json()), restarted.deserializeOffset(o2.json())));
    RowChecks.exactlyOnce("S11", story + ", a fresh instance replayed batch 3" + Tck.seedHint(), c,
        Ranges.all("S11", restarted, restarted.deserializeOffset(o2.json()), restarted.deserializeOffset(o3.json())));
    restarted.commit(restarted.deserializeOffset(o2.json()));
    Source third = open();
    RowChecks.exactlyOnce("S11", "after batch 2 was committed too, another fresh instance replayed batch 3" + Tck.seedHint(),
        c, Ranges.all("S11", third, third.deserializeOffset(o2.json()), third.deserializeOffset(o3.json())));
    List<Row> d = kit.append(1 + random.nextInt(5));
    Offset o4 = third.latestOffset(third.deserializeOffset(o3.json()), ReadLimit.allAvailable());
    RowChecks.exactlyOnce("S11", "the batch after the replays, (" + o3.json() + ", " + o4.json() + "]" + Tck.seedHint(), d,
        Ranges.all("S11", third, third.deserializeOffset(o3.json()), o4));
  }

  @Test
  @DisplayName("S12 dozens of appends (segments or files, numbered past where text and numeric order part) replay the same,"
      + " batch by batch and as one range, on a fresh instance, which then goes on without gap or duplicate [REPLAYABLE]")
  public void s12_replayAcrossDozensOfAppends() throws Exception {
    Source live = open();
    requires(live, SourceCapability.REPLAYABLE, "S12");
    Random random = Tck.random("S12");
    List<Offset> ends = new ArrayList<>(List.of(requireFreshReplay("S12", live)));
    List<List<Row>> batches = new ArrayList<>(List.of(List.of()));
    for (int batch = 1; batch <= MANY_APPENDS; batch++) {
      List<Row> rows = kit.append(3 + random.nextInt(3));
      Offset end = live.latestOffset(ends.get(batch - 1), ReadLimit.allAvailable());
      RowChecks.exactlyOnce("S12", "batch " + batch + " of " + MANY_APPENDS + ", one append each, read as it came"
          + Tck.seedHint(), rows, Ranges.all("S12", live, ends.get(batch - 1), end));
      ends.add(end);
      batches.add(rows);
      if (batch == COMMITTED_OF_MANY) {
        live.commit(end);
      }
    }
    closeQuietly(live);

    Source fresh = open();
    List<Row> uncommitted = new ArrayList<>();
    for (int batch = COMMITTED_OF_MANY + 1; batch <= MANY_APPENDS; batch++) {
      uncommitted.addAll(batches.get(batch));
      RowChecks.exactlyOnce("S12", "batch " + batch + " (" + ends.get(batch - 1).json() + ", " + ends.get(batch).json()
          + "] replayed on a fresh instance" + Tck.seedHint(), batches.get(batch), Ranges.all("S12", fresh,
          fresh.deserializeOffset(ends.get(batch - 1).json()), fresh.deserializeOffset(ends.get(batch).json())));
    }
    Source whole = open();
    Offset from = whole.deserializeOffset(ends.get(COMMITTED_OF_MANY).json());
    Offset to = whole.deserializeOffset(ends.get(MANY_APPENDS).json());
    RowChecks.exactlyOnce("S12", "batches " + (COMMITTED_OF_MANY + 1) + " to " + MANY_APPENDS + " replayed as one range ("
        + from.json() + ", " + to.json() + "] on another fresh instance" + Tck.seedHint(), uncommitted,
        Ranges.all("S12", whole, from, to));
    List<Row> after = kit.append(3);
    Offset next = whole.latestOffset(to, ReadLimit.allAvailable());
    RowChecks.exactlyOnce("S12", "the batch after the replays, (" + to.json() + ", " + next.json() + "]" + Tck.seedHint(),
        after, Ranges.all("S12", whole, to, next));
  }

  @Test
  @DisplayName("S13 available-now under a read limit: every batch within the limit, up to exactly the data there at the start"
      + " [AVAILABLE_NOW, RATE_LIMIT]")
  public void s13_availableNowUnderAReadLimit() throws Exception {
    Source source = open();
    requires(source, SourceCapability.AVAILABLE_NOW, "S13");
    requires(source, SourceCapability.RATE_LIMIT, "S13");
    Random random = Tck.random("S13");
    int max = 2 + random.nextInt(3);
    List<Row> there = kit.append(max * 5 + 1 + random.nextInt(max));
    source.prepareForAvailableNow();
    List<Row> later = kit.append(1 + random.nextInt(5));
    List<Row> read = drainAvailableNow("S13", source, source.initialOffset(), max, there.size() + 1);
    RowChecks.exactlyOnce("S13", "available-now under maxRows(" + max + ") must read the " + there.size() + " rows there at"
        + " prepareForAvailableNow, each once, and none of the " + later.size() + " appended after" + Tck.seedHint(), there,
        read);
  }

  @Test
  @DisplayName("S14 available-now over more data than 100 batches take reads all of it, then stops [AVAILABLE_NOW, RATE_LIMIT]")
  public void s14_availableNowBeyondAHundredBatches() throws Exception {
    Source source = open();
    requires(source, SourceCapability.AVAILABLE_NOW, "S14");
    requires(source, SourceCapability.RATE_LIMIT, "S14");
    List<Row> first = kit.append(1);
    Offset start = source.latestOffset(source.initialOffset(), ReadLimit.allAvailable());
    RowChecks.exactlyOnce("S14", "the batch before available-now", first, Ranges.all("S14", source, source.initialOffset(), start));
    List<Row> there = new ArrayList<>();
    for (int i = 0; i < MANY_BATCHES; i++) {
      there.addAll(kit.append(1)); // one row an append, so even a source that takes whole appends makes one batch each
    }
    source.prepareForAvailableNow();
    List<Row> later = kit.append(3);
    List<Row> read = drainAvailableNow("S14", source, start, 1, MANY_BATCHES + 1);
    RowChecks.exactlyOnce("S14", "available-now under maxRows(1) over " + MANY_BATCHES + " rows, appended one at a time,"
        + " must read every one of them and none of the " + later.size() + " appended after", there, read);
  }

  /**
   * Takes batches under {@code maxRows(max)} from {@code current} until the source stops (an
   * unmoved offset); fails if it has not stopped after {@code steps} batches. A batch over the
   * limit fails S13 (S14 cannot judge the count of batches then, and skips); an offset that moves
   * with no row behind it is S02's failure, and skips. Returns every row read.
   */
  private static List<Row> drainAvailableNow(String rule, Source source, Offset current, int max, int steps) {
    List<Row> read = new ArrayList<>();
    for (int step = 1; ; step++) {
      Offset next;
      try {
        next = source.latestOffset(current, ReadLimit.maxRows(max));
      } catch (IOException e) {
        return fail(rule + " latestOffset(" + current.json() + ", maxRows(" + max + ")) failed: " + e, e);
      }
      if (next.json().equals(current.json())) {
        return read;
      }
      if (step > steps) {
        return fail(rule + " under available-now the source had not stopped after " + steps + " batches of at most " + max
            + " rows (" + read.size() + " rows read)" + Tck.seedHint());
      }
      List<Row> rows = Ranges.all(rule, source, current, next);
      String batch = rule + " batch " + step + " under available-now, (" + current.json() + ", " + next.json() + "]";
      Capability.require(!rows.isEmpty(), rule + " cannot be judged on its own: " + batch + " moved the offset with no"
          + " row in the range, which breaks S02's rule (the offset stays put exactly when there is nothing new)");
      if (rows.size() > max) {
        Capability.require(rule.equals("S13"), rule + " cannot count batches on its own: " + batch + " holds " + rows.size()
            + " rows, more than maxRows(" + max + "), which is S13's failure");
        fail(batch + ", holds " + rows.size() + " rows, more than maxRows(" + max + ")" + Tck.seedHint());
      }
      read.addAll(rows);
      current = next;
    }
  }

  @Test
  @DisplayName("S15 a restart in a new process: a child JVM read and committed batch 1, read batch 2 and halted; a fresh"
      + " instance here replays batch 2 the same and goes on [REPLAYABLE, child JVM]")
  public void s15_aRestartInANewProcess() throws Exception {
    Source probe = open();
    requires(probe, SourceCapability.REPLAYABLE, "S15");
    Capability.require(kit.reachableFromAnotherProcess(), "S15 reads from a child JVM, and the kit says another process"
        + " cannot reach its data (SourceKit.reachableFromAnotherProcess() is false)");
    Optional<String> why = ChildPlugins.whyNotCreatable(kit.provider().getClass());
    Capability.require(why.isEmpty(), "S15 reads from a child JVM, which cannot create the provider: " + why.orElse(""));
    Offset checked = requireFreshReplay("S15", probe);
    List<Row> a = new ArrayList<>(Ranges.all("S15", probe, probe.initialOffset(), checked));
    closeQuietly(probe);
    Random random = Tck.random("S15");
    a.addAll(kit.append(1 + random.nextInt(5)));
    String o1;
    String o2;
    List<String> readThere = new ArrayList<>();
    List<Row> b;
    try (ChildJvm child = ChildJvm.start("S15", SourceChild.of(kit, metadataPath, queryId), kit.provider().getClass())) {
      o1 = expect(child, "offset 1 ");
      List<String> firstRead = rows(child, "committed 1");
      assertEquals(lines(a), sorted(firstRead), "S15 the child JVM's batch 1 must read the rows appended before it"
          + Tck.seedHint());
      b = kit.append(1 + random.nextInt(5));
      child.send("go");
      o2 = expect(child, "offset 2 ");
      readThere.addAll(rows(child, "read 2"));
      int exit = child.awaitExit();
      assertEquals(ChildJvm.HALTED, exit, () -> "S15 the child JVM was to halt before committing batch 2" + child.log());
    }
    assertEquals(lines(b), sorted(readThere), "S15 the child JVM's batch 2, (" + o1 + ", " + o2 + "], must read the rows"
        + " appended after batch 1" + Tck.seedHint());
    List<Row> c = kit.append(1 + random.nextInt(5));
    Source restarted = open();
    Offset committed = restarted.deserializeOffset(o1);
    Offset recorded = restarted.deserializeOffset(o2);
    List<Row> replayed = Ranges.all("S15", restarted, committed, recorded);
    assertEquals(sorted(readThere), sorted(replayed.stream().map(SourceChild::line).toList()), "S15 batch 2, (" + o1 + ", "
        + o2 + "], replayed here after the process that read it halted, must read what that process read" + Tck.seedHint());
    restarted.commit(recorded);
    Offset next = restarted.latestOffset(recorded, ReadLimit.allAvailable());
    RowChecks.exactlyOnce("S15", "the batch after the replay, (" + o2 + ", " + next.json() + "]" + Tck.seedHint(), c,
        Ranges.all("S15", restarted, recorded, next));
  }

  @Test
  @DisplayName("S16 each planned partition survives Java serialization, and a fresh instance reads the copy to the same"
      + " rows [REPLAYABLE]")
  public void s16_partitionsSurviveSerialization() throws Exception {
    Source source = open();
    requires(source, SourceCapability.REPLAYABLE, "S16");
    Random random = Tck.random("S16");
    kit.append(2 + random.nextInt(6));
    Offset end = source.latestOffset(source.initialOffset(), ReadLimit.allAvailable());
    String range = "(" + source.initialOffset().json() + ", " + end.json() + "]";
    List<InputPartition> partitions = source.planInputPartitions(source.initialOffset(), end);
    List<List<Row>> here = Ranges.byPartition("S16", source, source.initialOffset(), end);
    Source fresh = open();
    List<Row> replanned = Ranges.all("S16", fresh, fresh.deserializeOffset(source.initialOffset().json()),
        fresh.deserializeOffset(end.json()));
    Capability.require(new java.util.HashSet<>(replanned).equals(new java.util.HashSet<>(Ranges.flatten(here))),
        "S16 cannot be judged on its own: a fresh instance reads " + range + " differently even when it plans the"
        + " range itself, which is S03's failure");
    for (int p = 0; p < partitions.size(); p++) {
      InputPartition partition = partitions.get(p);
      Optional<String> why = JavaSerialization.whyNot(partition);
      int index = p;
      assertTrue(why.isEmpty(), () -> "S16 partition " + index + " (" + partition.describe() + ") of " + range
          + " does not survive Java serialization (" + why.orElse("") + "); a partition may be read in another"
          + " process than the one that planned it");
      List<Row> copied;
      try {
        copied = read(fresh, JavaSerialization.copy(partition).orElseThrow());
      } catch (IOException | RuntimeException e) {
        throw new AssertionError("S16 a fresh instance could not read the serialized copy of partition " + p + " ("
            + partition.describe() + ") of " + range + ": " + e + "; a partition must carry what any instance of the"
            + " source needs to read it, not point into the instance that planned it", e);
      }
      RowChecks.sameRows("S16", "partition " + p + " of " + range + " read from its serialized copy by a fresh"
          + " instance, against the partition read where it was planned" + Tck.seedHint(), here.get(p), copied);
    }
  }

  private static List<Row> read(Source source, InputPartition partition) throws IOException {
    List<Row> rows = new ArrayList<>();
    try (PartitionReader reader = source.createReader(partition)) {
      while (reader.next()) {
        rows.add(reader.get());
      }
    }
    return rows;
  }

  /**
   * Reads a first small batch on {@code live} and replays it on a fresh instance; skips
   * {@code rule} if the two differ, which is S03's failure and would spoil every replay after a
   * restart. Returns the batch's end, where the rule goes on.
   */
  private Offset requireFreshReplay(String rule, Source live) throws IOException {
    List<Row> rows = kit.append(2);
    Offset end = live.latestOffset(live.initialOffset(), ReadLimit.allAvailable());
    List<Row> read = Ranges.all(rule, live, live.initialOffset(), end);
    Source fresh = open();
    List<Row> again = Ranges.all(rule, fresh, fresh.initialOffset(), fresh.deserializeOffset(end.json()));
    closeQuietly(fresh);
    boolean same = new java.util.HashSet<>(read).equals(new java.util.HashSet<>(again)) && read.size() == again.size();
    Capability.require(same && read.size() == rows.size() && read.containsAll(rows), rule + " cannot be judged on its own:"
        + " a fresh instance replays even a first range of two rows differently (" + RowChecks.show(read) + " then "
        + RowChecks.show(again) + "), which is S03's failure");
    return end;
  }

  /** The rest of the child's next line, which must start with {@code prefix}. */
  private static String expect(ChildJvm child, String prefix) throws InterruptedException {
    String line = child.receive();
    assertTrue(line.startsWith(prefix), () -> "S15 the child JVM said '" + line + "' where '" + prefix + "…' was due"
        + child.log());
    return line.substring(prefix.length());
  }

  /** The {@code row} lines the child sends until {@code end}. */
  private static List<String> rows(ChildJvm child, String end) throws InterruptedException {
    List<String> rows = new ArrayList<>();
    for (String line = child.receive(); !line.equals(end); line = child.receive()) {
      String got = line;
      assertTrue(got.startsWith("row "), () -> "S15 the child JVM said '" + got + "' where a row or '" + end + "' was due"
          + child.log());
      rows.add(got.substring(4));
    }
    return rows;
  }

  private static List<String> lines(List<Row> rows) {
    return sorted(rows.stream().map(SourceChild::line).toList());
  }

  private static List<String> sorted(List<String> lines) {
    return lines.stream().sorted().toList();
  }

  private interface Call {
    void run() throws Exception;
  }

  private static void twice(String what, Call call) {
    for (int i = 1; i <= 2; i++) {
      try {
        call.run();
      } catch (Exception e) {
        fail(what + " threw on call " + i + " of 2; it must be safe to repeat: " + e, e);
      }
    }
  }

  /** A new instance from the provider, for this rule's query and metadata path. */
  private Source open() {
    Source source = kit.provider().create(TckContext.source(kit.provider().name(), kit.options(), queryId,
        kit.userSchema(), metadataPath));
    assertNotNull(source, "the provider's create(..) returned null");
    instances.add(source);
    return source;
  }

  private static void requires(Source source, SourceCapability capability, String rule) {
    Capability.require(source.capabilities().contains(capability), rule + " needs " + capability
        + ", which the source does not declare (it declares " + source.capabilities() + ")");
  }

  private static void closeQuietly(Source source) {
    try {
      source.close();
    } catch (Exception e) {
      // Closing here only frees resources; S10 is the rule that holds close() to account.
    }
  }

  private static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }
}
