package io.millrace.runtime.exec;

import io.millrace.api.AnalysisException;
import io.millrace.api.StateOperatorProgress;
import io.millrace.api.SinkTable;
import io.millrace.api.StreamingQuery;
import io.millrace.api.StreamingQueryException;
import io.millrace.api.StreamingQueryListener;
import io.millrace.api.StreamingQueryProgress;
import io.millrace.runtime.Engine;
import io.millrace.runtime.checkpoint.Checkpoint;
import io.millrace.runtime.checkpoint.CommitEntry;
import io.millrace.runtime.checkpoint.OffsetSeq;
import io.millrace.runtime.expr.EvalContext;
import io.millrace.runtime.foreach.ForeachSink;
import io.millrace.runtime.plan.Analyzer;
import io.millrace.runtime.plan.LogicalPlan;
import io.millrace.runtime.plan.ResolvedPlan;
import io.millrace.runtime.plugin.MissingPluginClassException;
import io.millrace.spi.Options;
import io.millrace.spi.PluginKind;
import io.millrace.spi.fault.FaultPoint;
import io.millrace.spi.sink.DeliveryGuarantee;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.SinkProvider;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceCapability;
import io.millrace.spi.trigger.TriggerDecision;
import io.millrace.spi.trigger.TriggerPolicy;
import io.millrace.spi.trigger.TriggerPolicyProvider;
import io.millrace.spi.trigger.TriggerState;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one query: the micro-batch loop of DESIGN.md §1 on a thread of its own.
 *
 * <p>Per batch N: ask the sources for their latest offsets; write {@code offsets/N} (the
 * write-ahead record); read {@code (start, end]} and run the pipeline; hand the rows to the
 * sink keyed by N; write {@code commits/N}; let the sources forget what came before. A crash
 * anywhere leaves a checkpoint from which {@link RestartPoint} finds the batch to run again.
 */
public final class MicroBatchExecution implements StreamingQuery {
  private static final Logger LOG = LoggerFactory.getLogger(MicroBatchExecution.class);

  private final Engine engine;
  private final QuerySpec spec;
  private final String runId;
  private final Checkpoint checkpoint;
  private final boolean durableCheckpoint;
  private final PinnedSettings pinned;
  private final List<SourceBinding> sources;
  private final PhysicalPlan plan;
  private final StateContext stateContext;
  private final WatermarkTracker watermarks;
  private final ScheduledExecutorService maintenance;
  private final BatchWriter writer;
  private final SinkReadBack sinkReadBack;
  private final TriggerPolicy policy;
  private final Guarantee guarantee;
  private final ProgressTracker progress;
  /** The metrics of {@link EvalContext#count} this run has already said in the log. */
  private final java.util.Set<String> countsLogged = java.util.concurrent.ConcurrentHashMap.newKeySet();
  private final BatchReader reader;
  private final Thread thread;

  private final Object monitor = new Object();
  private final CountDownLatch terminated = new CountDownLatch(1);
  private volatile boolean stopRequested;
  private volatile boolean active = true;
  private volatile StreamingQueryException failure;
  private long triggersStarted;
  private long lastIdleTrigger = -1;

  private long nextBatchId;
  /** The watermark of the last batch that ran: rows of the next batch are late by it (Spark 3.4+). */
  private long lateWatermarkMs;
  private PendingReplay replay;
  /** The static tables the query joins streams with. */
  private final StaticTables statics;
  /** Rows read from static tables since the last batch's progress, which reports them. */
  private long staticRowsRead;

  /** The watermark moved in the last batch: run one more, even without data, to emit and evict. */
  private boolean noDataBatchDue;
  /** When the last new batch's trigger started; a due timer needs a later one. */
  private long lastBatchStartedMillis = Long.MIN_VALUE;

  /** A batch that was recorded in {@code offsets/} but not committed: it runs first, unchanged. */
  private record PendingReplay(long batchId, OffsetSeq seq, List<Offset> starts) {}

  private MicroBatchExecution(Engine engine, QuerySpec spec, String runId, Checkpoint checkpoint,
      boolean durableCheckpoint, TriggerPolicy policy) throws IOException {
    this.engine = engine;
    this.spec = spec;
    this.runId = runId;
    this.checkpoint = checkpoint;
    this.durableCheckpoint = durableCheckpoint;
    this.reader = new BatchReader(engine.taskPool());
    RestartPoint restart = RestartPoint.read(checkpoint);
    this.pinned = PinnedSettings.resolve(engine.settings(), restart.lastOffsets(), checkpoint.root());
    this.sources = new ArrayList<>();
    this.statics = new StaticTables(engine);
    BatchWriter createdWriter = null;
    boolean stateStarted = false;
    PhysicalPlan planned = null;
    try {
      List<LogicalPlan.SourceRelation> relations = SourceRelations.of(spec.plan());
      for (int i = 0; i < relations.size(); i++) {
        this.sources.add(createSource(i, relations.get(i)));
      }
      ColumnPruning.apply(spec.plan(), relations, sources, statics::table);
      ResolvedPlan resolved = Analyzer.resolve(spec.plan(), relation -> {
        SourceBinding s = sources.get(SourceRelations.indexOf(relations, relation));
        return new ResolvedPlan.Source(s.index, s.name, s.source.schema());
      }, statics::table);
      this.plan = Planner.plan(resolved, spec.sinkFormat().orElse("foreachBatch"),
          Integer.parseInt(pinned.values().get(io.millrace.runtime.Settings.SHUFFLE_PARTITIONS)),
          Integer.parseInt(pinned.values().get(io.millrace.runtime.Settings.MAX_KEY_GROUPS)));
      planned = plan;
      QueryChecks.checkOutputMode(spec, plan);
      this.stateContext = StatefulOperators.context(engine, plan, spec.outputMode(), pinned.values(), checkpoint);
      StatefulOperators.checkState(plan, stateContext, checkpoint);
      this.watermarks = new WatermarkTracker(plan.watermarkDelaysMs(),
          pinned.values().get(io.millrace.runtime.Settings.MULTIPLE_WATERMARK_POLICY), 0);
      createdWriter = createWriter();
      this.writer = createdWriter;
      this.sinkReadBack = SinkReadBack.of(engine, spec, checkpoint.queryId(), plan.outputSchema());
      this.policy = policy;
      checkSourcesSupport(policy);
      this.guarantee = Guarantee.of(sources, writer, durableCheckpoint);
      this.progress = new ProgressTracker(checkpoint.queryId(), runId, spec.queryName().orElse(null),
          guarantee.label(), engine.settings().numRecentProgressUpdates());
      restoreFrom(restart);
      fixAvailableDataIfBounded();
      staticRowsRead = statics.refreshIfDue(engine.clock().millis());
      // Last, because it records the state schema and opens the state stores: everything that
      // can be refused was checked.
      stateStarted = true;
      StatefulOperators.start(plan, stateContext, checkpoint);
      this.maintenance = StatefulOperators.scheduleMaintenance(plan, engine.settings(), checkpoint.queryId());
    } catch (IOException | RuntimeException | Error e) {
      // A query that fails to start releases what it opened; the checkpoint is closed by start().
      if (stateStarted) {
        planned.stateful().forEach(StatefulExec::close);
      }
      sources.forEach(s -> closeQuietly(s.source));
      statics.close();
      if (createdWriter != null) {
        closeQuietly(createdWriter);
      }
      throw e;
    }
    this.thread = new Thread(this::runLoop, "millrace-query-" + spec.queryName().orElse(checkpoint.queryId()));
    this.thread.setDaemon(true);
  }

  /**
   * Checks and starts a query. Everything that can fail before data flows fails here, on the
   * caller's thread, and leaves the checkpoint as it was (a new checkpoint keeps only its
   * {@code metadata}, so a retry gets the same query id).
   */
  public static MicroBatchExecution start(Engine engine, QuerySpec spec) {
    try {
      return open(engine, spec);
    } catch (RuntimeException | LinkageError e) {
      throwIfMissingPluginClass(engine, e);
      throw e;
    }
  }

  /**
   * Throws the error that names the plugin, the class and the folder when {@code failure} comes
   * from a plugins-directory plugin that lacks a library; returns for any other failure.
   */
  private static void throwIfMissingPluginClass(Engine engine, Throwable failure) {
    Optional<MissingPluginClassException> missing = engine.plugins().explainMissingClass(failure);
    if (missing.isPresent()) {
      throw missing.get();
    }
  }

  private static MicroBatchExecution open(Engine engine, QuerySpec spec) {
    // What needs no checkpoint is checked before one is opened or created.
    QueryChecks.checkForeachBatchOptions(spec);
    TriggerPolicy policy = createPolicy(engine, spec);
    String runId = UUID.randomUUID().toString();
    try {
      CheckpointLocation where = CheckpointLocation.of(engine, spec);
      URI location = where.uri();
      boolean durable = where.durable();
      Checkpoint checkpoint = Checkpoint.open(location, engine.storage(location), runId);
      MicroBatchExecution query;
      try {
        query = new MicroBatchExecution(engine, spec, runId, checkpoint, durable, policy);
      } catch (IOException | RuntimeException | Error e) {
        closeQuietly(checkpoint);
        if (!durable) {
          deleteTemporary(checkpoint);
        }
        throw e;
      }
      query.announceStart();
      query.thread.start();
      return query;
    } catch (IOException e) {
      throw new StreamingQueryException("cannot start query: " + e.getMessage(), e);
    }
  }

  private SourceBinding createSource(int index, LogicalPlan.SourceRelation relation) {
    SourceDescription described = SourceDescription.of(checkpoint.queryId(), index, relation.format(),
        relation.options(), relation.userSchema(), checkpoint.sourceDir(index));
    return new SourceBinding(index, engine.plugins().source(relation.format()).name(), described.open(engine),
        described);
  }

  private BatchWriter createWriter() {
    if (spec.foreachBatch().isPresent()) {
      return BatchWriter.of(spec.foreachBatch().get(), checkpoint.queryId());
    }
    if (spec.foreachWriter().isPresent()) {
      return BatchWriter.of("foreach", ForeachSink.copiesOf(spec.foreachWriter().get()));
    }
    String format = spec.sinkFormat().orElseThrow();
    SinkProvider provider = engine.plugins().sink(format);
    Options options = Options.of("sink '" + format + "'", spec.sinkOptions());
    Sink sink = PluginOptionException.creating(PluginKind.SINK, () -> provider.create(RuntimePluginContext.forSink(
        engine, options, checkpoint.queryId(), plan.outputSchema(), spec.outputMode(), spec.queryName())));
    if (!sink.supportedOutputModes().contains(spec.outputMode())) {
      closeQuietly(sink);
      throw new AnalysisException("sink '" + format + "' does not support output mode "
          + spec.outputMode().name().toLowerCase(java.util.Locale.ROOT) + "; it supports " + sink.supportedOutputModes());
    }
    return BatchWriter.of(provider.name(), sink);
  }

  private static TriggerPolicy createPolicy(Engine engine, QuerySpec spec) {
    String name = spec.trigger().policy();
    TriggerPolicyProvider provider = engine.plugins().trigger(name);
    Options options = Options.of("trigger '" + name + "'", spec.trigger().options());
    return PluginOptionException.creating(PluginKind.TRIGGER, () -> provider.create(options));
  }

  private void checkSourcesSupport(TriggerPolicy policy) {
    if (policy.boundedToDataAtStart()) {
      for (SourceBinding s : sources) {
        if (!s.source.capabilities().contains(SourceCapability.AVAILABLE_NOW)) {
          throw new AnalysisException("trigger '" + spec.trigger().policy() + "' reads only the data available at start, "
              + "but source " + s.description + " cannot fix its end (it does not declare AVAILABLE_NOW)");
        }
      }
    }
  }

  private void restoreFrom(RestartPoint restart) {
    if (restart.fresh()) {
      for (SourceBinding s : sources) {
        s.committed = s.source.initialOffset();
      }
      nextBatchId = 0;
      return;
    }
    OffsetSeq last = restart.lastOffsets().orElseThrow();
    checkSources(last, restart.lastOffsetsId());
    if (restart.committed()) {
      for (SourceBinding s : sources) {
        s.committed = s.offset(last.sourceOffsets().get(s.index), checkpoint.offsetsPath(restart.lastOffsetsId()));
        // The last run may have stopped between commits/N and telling the source.
        commitSource(s, s.committed);
      }
      nextBatchId = restart.lastOffsetsId() + 1;
      long watermarkMs = Math.max(last.batchWatermarkMs(), restart.lastCommit().orElseThrow().nextBatchWatermarkMs());
      watermarks.restore(watermarkMs);
      lateWatermarkMs = last.batchWatermarkMs();
      noDataBatchDue = plan.watermarkDriven(spec.outputMode(), last.batchWatermarkMs(), watermarkMs);
      LOG.info("Query {} resumes at batch {}", checkpoint.queryId(), nextBatchId);
      return;
    }
    List<Offset> starts = new ArrayList<>();
    for (SourceBinding s : sources) {
      Offset start = restart.previousOffsets()
          .map(prev -> s.offset(prev.sourceOffsets().get(s.index), checkpoint.offsetsPath(restart.lastOffsetsId() - 1)))
          .orElseGet(s.source::initialOffset);
      s.committed = start;
      starts.add(start);
    }
    nextBatchId = restart.lastOffsetsId();
    watermarks.restore(last.batchWatermarkMs());
    lateWatermarkMs = restart.previousOffsets().map(OffsetSeq::batchWatermarkMs).orElse(last.batchWatermarkMs());
    replay = new PendingReplay(restart.lastOffsetsId(), last, starts);
    LOG.info("Query {}: batch {} was not committed; running it again with the offsets, watermark and timestamp "
        + "recorded in {}", checkpoint.queryId(), nextBatchId, checkpoint.offsetsPath(nextBatchId));
  }

  private static void commitSource(SourceBinding s, Offset end) {
    try {
      s.source.commit(end);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("source " + s.description + " failed to commit " + end.json(), e);
    }
  }

  /**
   * A restart must read the sources the checkpoint recorded: as many, of the same kinds, in the
   * same order (Spark's rule: the number or type of sources may not change).
   */
  private void checkSources(OffsetSeq seq, long batchId) {
    List<String> names = sourceNames();
    boolean kindsDiffer = !seq.sourceNames().isEmpty() && !seq.sourceNames().equals(names);
    if (seq.sourceOffsets().size() != sources.size() || kindsDiffer) {
      String recorded = seq.sourceNames().isEmpty()
          ? seq.sourceOffsets().size() + " source(s)"
          : seq.sourceOffsets().size() + " source(s) " + seq.sourceNames();
      throw new AnalysisException("checkpoint " + checkpoint.root() + " was written by a query with " + recorded
          + " (" + checkpoint.offsetsPath(batchId) + ") but this query has " + sources.size() + " source(s) " + names
          + "; the number or kind of sources may not change: a changed query needs a new checkpointLocation");
    }
  }

  private List<String> sourceNames() {
    List<String> names = new ArrayList<>();
    for (SourceBinding s : sources) {
      names.add(s.name);
    }
    return names;
  }

  /** Under available-now, what this run may read is fixed now, before {@code start()} returns. */
  private void fixAvailableDataIfBounded() throws IOException {
    if (policy.boundedToDataAtStart()) {
      for (SourceBinding s : sources) {
        s.source.prepareForAvailableNow();
      }
    }
  }

  private void announceStart() {
    LOG.info("Starting query {} [id={}, runId={}] on checkpoint {}: {} ({})",
        spec.queryName().orElse("(unnamed)"), checkpoint.queryId(), runId, checkpoint.root(),
        guarantee.label(), guarantee.reason());
    StreamingQueryListener.QueryStartedEvent event = new StreamingQueryListener.QueryStartedEvent(
        checkpoint.queryId(), runId, spec.queryName().orElse(null), ProgressTracker.iso(engine.clock().millis()),
        guarantee.label(), pinned.overridden());
    for (StreamingQueryListener l : engine.listeners()) {
      notifyListener(() -> l.onQueryStarted(event));
    }
  }

  // ---- the loop -------------------------------------------------------------------------

  private void runLoop() {
    long batchInFlight = -1;
    try {
      TriggerState state = TriggerState.initial(engine.clock().millis());
      while (!stopRequested) {
        TriggerDecision decision = policy.next(state);
        if (decision.isStop()) {
          LOG.info("Query {} stops: {}", checkpoint.queryId(), decision.reason());
          break;
        }
        if (!waitUntil(decision.runAtMillis())) {
          break;
        }
        long started = engine.clock().millis();
        long index;
        synchronized (monitor) {
          index = ++triggersStarted;
        }
        batchInFlight = nextBatchId;
        boolean ran = runTrigger(started, intervalAfter(state, started));
        batchInFlight = -1;
        synchronized (monitor) {
          if (!ran) {
            lastIdleTrigger = index;
          }
          monitor.notifyAll();
        }
        state = new TriggerState(state.triggers() + 1, started, engine.clock().millis(), ran);
      }
    } catch (BatchAbandonedException abandoned) {
      LOG.info("Query {} [id={}]: {}", spec.queryName().orElse("(unnamed)"), checkpoint.queryId(), abandoned.getMessage());
    } catch (Throwable t) {
      String where = batchInFlight >= 0 ? " in batch " + batchInFlight : "";
      Throwable cause = engine.plugins().explainMissingClass(t).<Throwable>map(e -> e).orElse(t);
      failure = new StreamingQueryException("query " + spec.queryName().orElse(checkpoint.queryId())
          + " [id=" + checkpoint.queryId() + "] failed" + where + ": " + cause.getMessage(), cause);
      LOG.error("{}", failure.getMessage(), t);
    } finally {
      shutDown();
    }
  }

  /**
   * Whether a batch still reading should end now, uncommitted: only on a stop, and only when
   * every source can serve the batch again at the next start; a source that cannot replay keeps
   * its batch to the end, as before.
   */
  private boolean abandonOnStop() {
    return stopRequested && sources.stream().allMatch(SourceBinding::replayable);
  }

  /**
   * The policy's trigger interval, as of a trigger started at {@code started}: the gap between
   * the next two triggers it would schedule if batches took no time, 0 for triggers that run
   * back to back. The first of the two may fall off the interval's grid (a first trigger runs at
   * once); the gap after it does not. The policy is a pure function, so asking costs nothing and
   * changes nothing.
   */
  private long intervalAfter(TriggerState before, long started) {
    TriggerDecision first = policy.next(new TriggerState(before.triggers() + 1, started, started, true));
    if (first.isStop()) {
      return 0;
    }
    long at = Math.max(first.runAtMillis(), started);
    TriggerDecision second = policy.next(new TriggerState(before.triggers() + 2, at, at, true));
    return second.isStop() ? 0 : Math.max(0, second.runAtMillis() - at);
  }

  /** Sleeps until {@code millis} or a stop; false if stopped. */
  private boolean waitUntil(long millis) throws InterruptedException {
    synchronized (monitor) {
      while (!stopRequested && engine.clock().millis() < millis) {
        engine.clock().awaitUntil(monitor, millis);
      }
      return !stopRequested;
    }
  }

  /** One trigger: a replay, a new batch, or nothing when no source has new data. */
  private boolean runTrigger(long startedMillis, long intervalMs) throws Exception {
    ProgressTracker.Timer timer = progress.startTrigger(startedMillis);
    if (replay != null) {
      PendingReplay r = replay;
      replay = null;
      List<Offset> ends = new ArrayList<>();
      for (SourceBinding s : sources) {
        ends.add(s.offset(r.seq().sourceOffsets().get(s.index), checkpoint.offsetsPath(r.batchId())));
      }
      runBatch(r.batchId(), r.seq(), r.starts(), ends, ends, timer, intervalMs);
      return true;
    }
    List<Offset> latest = timer.time("latestOffset", this::latestOffsets);
    boolean hasData = false;
    for (SourceBinding s : sources) {
      hasData |= !latest.get(s.index).json().equals(s.committed.json());
    }
    // A due processing-time timer runs a batch once the clock has moved past the last batch, so a
    // handler that keeps setting timers at or before the batch time cannot spin the trigger loop.
    boolean timerDue = startedMillis > lastBatchStartedMillis && plan.timerDue(startedMillis);
    if (!hasData && !noDataBatchDue && !timerDue) {
      return false;
    }
    lastBatchStartedMillis = startedMillis;
    long batchId = nextBatchId;
    List<String> json = new ArrayList<>();
    for (Offset o : latest) {
      json.add(o.json());
    }
    OffsetSeq seq = new OffsetSeq(watermarks.currentMs(), startedMillis, pinned.values(), json, sourceNames());
    timer.time("walCommit", () -> {
      engine.faults().reached(FaultPoint.BEFORE_OFFSET_LOG_WRITE, batchId);
      checkpoint.writeOffsets(batchId, seq);
      engine.faults().reached(FaultPoint.AFTER_OFFSET_LOG_WRITE, batchId);
      long purgeBelow = batchId - engine.settings().minBatchesToRetain();
      if (purgeBelow > 0) {
        checkpoint.purgeBefore(purgeBelow, () -> engine.faults().reached(FaultPoint.DURING_LOG_PURGE, batchId));
      }
      return null;
    });
    List<Offset> starts = new ArrayList<>();
    for (SourceBinding s : sources) {
      starts.add(s.committed);
    }
    runBatch(batchId, seq, starts, latest, latest, timer, intervalMs);
    return true;
  }

  private List<Offset> latestOffsets() throws IOException {
    List<Offset> latest = new ArrayList<>();
    for (SourceBinding s : sources) {
      latest.add(s.source.latestOffset(s.committed, s.readLimit));
    }
    return latest;
  }

  /** @param intervalMs the trigger's interval, 0 when batches run back to back */
  private void runBatch(long batchId, OffsetSeq seq, List<Offset> starts, List<Offset> ends, List<Offset> latest,
      ProgressTracker.Timer timer, long intervalMs) throws Exception {
    if (!statics.isEmpty()) {
      staticRowsRead += timer.time("staticTables", () -> statics.refreshIfDue(engine.clock().millis()));
    }
    List<io.millrace.runtime.expr.EventTimeStats> eventTimes = WatermarkTracker.collectors(plan.watermarkDelaysMs().length);
    EvalContext context = EvalContext.ofBatch(seq.batchTimestampMs() * 1000,
        eventTimes.toArray(new io.millrace.runtime.expr.EventTimeStats[0]));
    BatchRun run = new BatchRun(batchId, context, reader, timer, sources, starts, ends,
        plan.inputWatermarks(lateWatermarkMs), plan.inputWatermarks(seq.batchWatermarkMs()), this::abandonOnStop);
    List<RowTask> tasks = plan.root().tasks(run);
    long outputRows = write(batchId, tasks, context, timer);
    long nextWatermarkMs = watermarks.update(eventTimes);
    timer.time("commitOffsets", () -> {
      engine.faults().reached(FaultPoint.BEFORE_COMMIT_LOG, batchId);
      checkpoint.writeCommit(batchId, new CommitEntry(nextWatermarkMs));
      for (SourceBinding s : sources) {
        s.source.commit(ends.get(s.index));
        s.committed = ends.get(s.index);
      }
      return null;
    });
    nextBatchId = batchId + 1;
    lateWatermarkMs = seq.batchWatermarkMs();
    noDataBatchDue = plan.watermarkDriven(spec.outputMode(), seq.batchWatermarkMs(), nextWatermarkMs);
    long inputRows = run.rowsRead();
    StreamingQueryProgress p = progress.finishBatch(timer, batchId, inputRows, outputRows,
        watermarks.progress(seq.batchWatermarkMs(), eventTimes), run.stateProgress(),
        sourceProgress(starts, ends, latest, run), writer.description(), writer.metrics(), intervalMs,
        customMetrics(batchId, context));
    for (StreamingQueryListener l : engine.listeners()) {
      notifyListener(() -> l.onQueryProgress(new StreamingQueryListener.QueryProgressEvent(p)));
    }
  }

  /** The batch's {@code customMetrics}: what expressions counted, and the static table rows read for it. */
  private Map<String, Long> customMetrics(long batchId, EvalContext context) {
    Map<String, Long> metrics = new java.util.TreeMap<>(countsOf(batchId, context));
    if (staticRowsRead > 0) {
      metrics.put("numStaticTableRowsRead", staticRowsRead);
      staticRowsRead = 0;
    }
    return metrics;
  }

  /** The batch's counts of what expressions did unseen, said in the log the first time each is not 0. */
  private Map<String, Long> countsOf(long batchId, EvalContext context) {
    Map<String, Long> counts = context.counts();
    counts.forEach((metric, n) -> {
      if (n > 0 && countsLogged.add(metric)) {
        String why = io.millrace.runtime.expr.ExpressionCounts.explain(metric);
        LOG.warn("Query {}: batch {} counted {} {}{} (in the progress's customMetrics; logged once per run)",
            spec.queryName().orElse(checkpoint.queryId()), batchId, n, metric, why.isEmpty() ? "" : ": " + why);
      }
    });
    return counts;
  }

  /**
   * Hands the batch's rows to the sink: streamed task by task to a sink that writes per task,
   * else gathered into one batch for {@code addBatch}. The rows written.
   */
  private long write(long batchId, List<RowTask> tasks, EvalContext context, ProgressTracker.Timer timer)
      throws Exception {
    if (writer.writesPerTask()) {
      // Reading and writing are one stream here, so the whole time is the sink's; getBatch keeps
      // its place in the record (a stateful operator's reading still counts there), as in Spark.
      timer.record("getBatch", 0);
      return timer.time("addBatch", () -> {
        long rows = TaskWrites.write(writer, reader, batchId, tasks, context);
        engine.faults().reached(FaultPoint.AFTER_SINK_WRITE, batchId);
        return rows;
      });
    }
    ListBatch batch = new ListBatch(plan.outputSchema(), timer.time("getBatch", () -> output(tasks, context)));
    timer.time("addBatch", () -> {
      writer.write(batchId, batch);
      engine.faults().reached(FaultPoint.AFTER_SINK_WRITE, batchId);
      return null;
    });
    return batch.numRows();
  }

  /** The rows of the sink's tasks: an operator's output list as it is, or what the tasks read. */
  private List<io.millrace.spi.data.Row> output(List<RowTask> tasks, EvalContext context) throws Exception {
    if (tasks.size() == 1 && tasks.get(0).rowsAsTheyAre() != null) {
      return tasks.get(0).rowsAsTheyAre();
    }
    return BatchReader.RowList.concat(reader.read(tasks, tasks.size(), context, run -> new BatchReader.RowList()).inputs());
  }

  private List<ProgressTracker.SourceFigures> sourceProgress(List<Offset> starts, List<Offset> ends,
      List<Offset> latest, BatchRun run) {
    List<ProgressTracker.SourceFigures> out = new ArrayList<>();
    for (SourceBinding s : sources) {
      out.add(new ProgressTracker.SourceFigures(s.description, starts.get(s.index).json(), ends.get(s.index).json(),
          latest.get(s.index).json(), run.rowsRead(s.index).sum(), s.source.metrics()));
    }
    return out;
  }

  private void shutDown() {
    if (failure == null && stopRequested) {
      LOG.info("Query {} [id={}] stopped on request; {}", spec.queryName().orElse("(unnamed)"), checkpoint.queryId(),
          nextBatchId == 0 ? "no batch is committed" : "committed through batch " + (nextBatchId - 1));
    }
    // Let a maintenance pass in flight finish its file: interrupting it, or closing the stores
    // under it, would leave a half-written snapshot behind.
    maintenance.shutdown();
    try {
      if (!maintenance.awaitTermination(60, java.util.concurrent.TimeUnit.SECONDS)) {
        LOG.warn("State store maintenance of query {} did not finish within 60 s of the stop", checkpoint.queryId());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (failure == null && !Thread.currentThread().isInterrupted()) {
      // One last pass after a clean stop: the stores snapshot what many deltas followed, so the
      // next start, in this process or a new one, loads a snapshot instead of replaying every
      // delta of a run shorter than the maintenance interval. Failures are only logged.
      plan.stateful().forEach(StatefulExec::maintain);
    }
    plan.stateful().forEach(StatefulExec::close);
    for (SourceBinding s : sources) {
      closeQuietly(s.source);
    }
    statics.close();
    closeQuietly(writer);
    closeQuietly(checkpoint);
    if (!durableCheckpoint) {
      deleteTemporary(checkpoint);
    }
    active = false;
    synchronized (monitor) {
      monitor.notifyAll();
    }
    terminated.countDown();
    StreamingQueryListener.QueryTerminatedEvent event = new StreamingQueryListener.QueryTerminatedEvent(
        checkpoint.queryId(), runId, Optional.ofNullable(failure).map(Throwable::getMessage));
    for (StreamingQueryListener l : engine.listeners()) {
      notifyListener(() -> l.onQueryTerminated(event));
    }
  }

  private static void deleteTemporary(Checkpoint checkpoint) {
    try {
      checkpoint.storage().delete(checkpoint.root());
    } catch (IOException e) {
      LOG.warn("Could not delete temporary checkpoint {}", checkpoint.root(), e);
    }
  }

  private void notifyListener(Runnable call) {
    try {
      call.run();
    } catch (RuntimeException e) {
      LOG.warn("A StreamingQueryListener failed; the query goes on", e);
    }
  }

  private static void closeQuietly(AutoCloseable c) {
    try {
      c.close();
    } catch (Exception e) {
      LOG.warn("Closing {} failed", c, e);
    }
  }

  // ---- StreamingQuery -------------------------------------------------------------------

  @Override
  public String id() {
    return checkpoint.queryId();
  }

  @Override
  public String runId() {
    return runId;
  }

  @Override
  public String name() {
    return spec.queryName().orElse(null);
  }

  @Override
  public boolean isActive() {
    return active;
  }

  @Override
  public void awaitTermination() {
    try {
      terminated.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StreamingQueryException("interrupted while waiting for query " + id(), e);
    }
    throwIfFailed();
  }

  @Override
  public boolean awaitTermination(long timeoutMs) {
    try {
      boolean done = terminated.await(timeoutMs, TimeUnit.MILLISECONDS);
      throwIfFailed();
      return done;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StreamingQueryException("interrupted while waiting for query " + id(), e);
    }
  }

  @Override
  public void stop() {
    stopRequested = true;
    synchronized (monitor) {
      monitor.notifyAll();
    }
    if (Thread.currentThread() != thread) {
      try {
        terminated.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  @Override
  public void processAllAvailable() {
    synchronized (monitor) {
      long calledAt = triggersStarted;
      while (active && lastIdleTrigger <= calledAt) {
        try {
          monitor.wait(100);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new StreamingQueryException("interrupted while waiting for query " + id(), e);
        }
      }
    }
    throwIfFailed();
  }

  private void throwIfFailed() {
    if (failure != null) {
      throw failure;
    }
  }

  @Override
  public Optional<StreamingQueryException> exception() {
    return Optional.ofNullable(failure);
  }

  @Override
  public StreamingQueryProgress lastProgress() {
    return progress.last();
  }

  @Override
  public List<StreamingQueryProgress> recentProgress() {
    return progress.recent();
  }

  @Override
  public SinkTable readSinkTable(int maxRows) {
    try {
      return sinkReadBack.read(maxRows);
    } catch (RuntimeException | LinkageError e) {
      throwIfMissingPluginClass(engine, e);
      throw e;
    }
  }

  @Override
  public DeliveryGuarantee deliveryGuarantee() {
    return guarantee.level();
  }

  /** Where this run's checkpoint is (a temporary directory when the query runs on one). */
  public URI checkpointLocation() {
    return checkpoint.root();
  }

  /** The settings pinned in the checkpoint that this run uses. */
  public Map<String, String> pinnedSettings() {
    return pinned.values();
  }

  @Override
  public String toString() {
    return "StreamingQuery[" + spec.queryName().orElse("") + " id=" + id() + " runId=" + runId + "]";
  }
}
