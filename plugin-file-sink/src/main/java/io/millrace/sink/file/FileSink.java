package io.millrace.sink.file;

import io.millrace.spi.MillraceException;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.fault.FaultPoint;
import io.millrace.spi.sink.DeliveryGuarantee;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.TaskWriter;
import io.millrace.spi.sink.WriterCommitMessage;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

/**
 * Writes each batch as data files whose batch manifest is the commit point (Spark's
 * FileStreamSink, with a bounded log and files published only after their manifest).
 *
 * <p>Tasks stage their files under {@code _millrace_staging/} ({@link FileTaskWriter}).
 * {@link #commit} then (1) writes the batch's manifest to {@code _millrace_metadata/} — from here
 * the batch is committed — and (2) renames each staged file to its place, where a reader that
 * lists the directory (Spark's {@code spark.read.parquet(path)}) finds it. A batch id at or below
 * the newest manifest is a replay: its files are deleted and nothing is published.
 *
 * <p>Before its first write an instance recovers what a crash left: it finishes the renames of
 * the newest manifest (a crash between the manifest and the last rename) and deletes every other
 * staged file, which no manifest names. The sink reports {@link FaultPoint#INSIDE_SINK_WRITE}
 * three times per batch: when the task files are staged, when the manifest is durable, and after
 * the first rename.
 */
final class FileSink implements Sink {
  private static final System.Logger LOG = System.getLogger(FileSink.class.getName());

  private final OutputLayout layout;
  private final HadoopFiles files;
  private final ManifestLog log;
  private final String queryId;
  private final FaultInjector faults;
  private final Clock clock;
  private final String where;

  private boolean recovered;
  private long latestBatch = -1;
  private List<ManifestEntry> live = new ArrayList<>();
  private int deltasSinceCompact;
  /** Entries of the newest manifest whose renames are not known to be done. */
  private List<ManifestEntry> pending = List.of();
  /** The staging directories the newest manifest names: an abort must not delete them. */
  private Set<String> committedStaging = Set.of();

  private final AtomicLong committedBatches = new AtomicLong();
  private final AtomicLong skippedBatches = new AtomicLong();
  private final AtomicLong outputFiles = new AtomicLong();
  private final AtomicLong outputBytes = new AtomicLong();
  private final AtomicLong outputRows = new AtomicLong();
  private final AtomicLong rolledForward = new AtomicLong();
  private final AtomicLong orphansDeleted = new AtomicLong();
  private final AtomicLong missingFiles = new AtomicLong();
  private final AtomicLong expiredEntries = new AtomicLong();
  private final AtomicLong compactions = new AtomicLong();

  FileSink(OutputLayout layout, String queryId, FaultInjector faults, Clock clock) {
    this.layout = layout;
    this.files = layout.files();
    this.log = new ManifestLog(files.fs(), files.root());
    this.queryId = queryId;
    this.faults = faults;
    this.clock = clock;
    this.where = "sink '" + layout.format().name() + "' at " + files.root();
  }

  @Override
  public DeliveryGuarantee guarantee() {
    return DeliveryGuarantee.EXACTLY_ONCE;
  }

  @Override
  public Set<OutputMode> supportedOutputModes() {
    return EnumSet.of(OutputMode.APPEND);
  }

  @Override
  public boolean writesPerTask() {
    return true;
  }

  @Override
  public TaskWriter createWriter(int partition, long batchId) throws IOException {
    recover();
    return new FileTaskWriter(layout, partition, batchId);
  }

  @Override
  public synchronized void commit(long batchId, List<WriterCommitMessage> messages) throws IOException {
    recover();
    HadoopFiles.call(() -> {
      publish(pending, -1);
      if (batchId <= latestBatch) {
        skippedBatches.incrementAndGet();
        LOG.log(Level.INFO, where + ": batch " + batchId + " is already committed (newest manifest: batch " + latestBatch
            + "); its replay is discarded without publishing anything");
        discard(messages);
        return null;
      }
      commitNew(batchId, taskFiles(messages));
      return null;
    });
  }

  private void commitNew(long batchId, List<TaskFiles> tasks) throws IOException {
    faults.reached(FaultPoint.INSIDE_SINK_WRITE, batchId); // every task's files are staged
    long now = clock.millis();
    List<ManifestEntry> entries = new ArrayList<>();
    Set<String> staging = new HashSet<>();
    for (TaskFiles task : tasks) {
      staging.add(task.stagingDir());
      for (StagedFile f : task.files()) {
        entries.add(ManifestEntry.of(f, batchId, now));
      }
    }
    boolean compact = deltasSinceCompact + 1 >= layout.options().compactInterval();
    List<ManifestEntry> nextLive = new ArrayList<>(live);
    nextLive.addAll(entries);
    if (compact) {
      nextLive = retained(nextLive, batchId, now);
    }
    log.write(batchId, queryId, compact, compact ? nextLive : entries);
    latestBatch = batchId;
    live = nextLive;
    deltasSinceCompact = compact ? 0 : deltasSinceCompact + 1;
    pending = entries;
    committedStaging = staging;
    faults.reached(FaultPoint.INSIDE_SINK_WRITE, batchId); // the manifest is durable, no file is published
    publish(entries, batchId);
    for (String dir : staging) {
      files.fs().delete(files.resolve(dir), true);
    }
    if (compact) {
      compactions.incrementAndGet();
      for (Path old : log.olderThan(batchId)) {
        files.fs().delete(old, false);
      }
    }
    committedBatches.incrementAndGet();
    for (ManifestEntry e : entries) {
      outputFiles.incrementAndGet();
      outputBytes.addAndGet(e.size());
      outputRows.addAndGet(e.rows());
    }
  }

  /** {@code entries} without those older than {@code retention}; the batch being committed always stays. */
  private List<ManifestEntry> retained(List<ManifestEntry> entries, long batchId, long now) {
    if (layout.options().retention().isEmpty()) {
      return entries;
    }
    long oldest = now - layout.options().retention().get().toMillis();
    List<ManifestEntry> kept = new ArrayList<>();
    for (ManifestEntry e : entries) {
      if (e.batchId() == batchId || e.commitTime() >= oldest) {
        kept.add(e);
      }
    }
    int dropped = entries.size() - kept.size();
    if (dropped > 0) {
      expiredEntries.addAndGet(dropped);
      LOG.log(Level.INFO, where + ": the manifest log drops " + dropped + " entries committed more than "
          + layout.options().retention().get() + " ago (option 'retention'); their files stay on disk, but readers"
          + " that follow the manifest no longer see them");
    }
    return kept;
  }

  /**
   * Renames each staged file of {@code entries} to its place. {@code batchId} >= 0 reports the
   * fault point once, after the first rename (after none for an empty batch), so that a batch
   * reports the same steps whatever its number of files; recovery passes -1. A file already in
   * place is skipped, so publishing again after a crash finishes the job.
   */
  private void publish(List<ManifestEntry> entries, long batchId) throws IOException {
    for (int i = 0; i < entries.size(); i++) {
      ManifestEntry e = entries.get(i);
      Path staged = files.resolve(e.staged());
      Path target = files.resolve(e.path());
      if (files.fs().exists(staged)) {
        files.fs().mkdirs(target.getParent());
        if (!files.fs().rename(staged, target)) {
          throw new IOException(where + " could not rename the staged file " + staged + " to " + target
              + "; batch " + e.batchId() + " is committed and the next start finishes its renames");
        }
        if (batchId < 0) {
          rolledForward.incrementAndGet();
        }
      } else if (!files.fs().exists(target)) {
        missingFiles.incrementAndGet();
        LOG.log(Level.ERROR, where + ": file " + e.path() + " of committed batch " + e.batchId()
            + " is neither staged nor in place; something deleted it, and readers will miss its " + e.rows() + " rows");
      }
      if (batchId >= 0 && i == 0) {
        faults.reached(FaultPoint.INSIDE_SINK_WRITE, batchId); // one of the batch's files is published
      }
    }
    if (batchId >= 0 && entries.isEmpty()) {
      faults.reached(FaultPoint.INSIDE_SINK_WRITE, batchId);
    }
    pending = List.of();
  }

  @Override
  public synchronized void abort(long batchId, List<WriterCommitMessage> messages) throws IOException {
    HadoopFiles.call(() -> {
      discard(messages);
      return null;
    });
  }

  /** Deletes the staging directories of {@code messages} that no manifest names. */
  private void discard(List<WriterCommitMessage> messages) throws IOException {
    for (TaskFiles task : taskFiles(messages)) {
      if (!committedStaging.contains(task.stagingDir()) && files.fs().delete(files.resolve(task.stagingDir()), true)) {
        orphansDeleted.addAndGet(task.files().size());
      }
    }
  }

  private List<TaskFiles> taskFiles(List<WriterCommitMessage> messages) {
    List<TaskFiles> out = new ArrayList<>();
    for (WriterCommitMessage m : messages) {
      if (!(m instanceof TaskFiles task)) {
        throw new IllegalArgumentException(where + " got a commit message it did not write: " + m);
      }
      out.add(task);
    }
    return out;
  }

  /**
   * Once per instance, before anything is staged: reads the manifest log, finishes the renames
   * of its newest batch and deletes the staged files of attempts that never committed.
   */
  private synchronized void recover() throws IOException {
    if (recovered) {
      return;
    }
    HadoopFiles.call(() -> {
      ManifestLog.State state = log.read();
      if (state.queryId() != null && !state.queryId().equals(queryId)) {
        throw new MillraceException(where + " holds the output of another query (query id " + state.queryId()
            + ", this one is " + queryId + "): its manifest log counts that query's batch ids, so this query's batches"
            + " would be taken for replays and skipped. Write each query to its own directory, or restart the query"
            + " from its own checkpoint");
      }
      latestBatch = state.latestBatch();
      live = new ArrayList<>(state.live());
      deltasSinceCompact = state.deltasSinceCompact();
      List<ManifestEntry> newest = live.stream().filter(e -> e.batchId() == latestBatch).toList();
      publish(newest, -1);
      deleteOrphans();
      // Files a compaction made obsolete before a crash, and temporary manifests of dead writes.
      for (Path old : log.olderThan(state.compactId())) {
        files.fs().delete(old, false);
      }
      return null;
    });
    if (rolledForward.get() > 0) {
      LOG.log(Level.INFO, where + ": finished " + rolledForward.get() + " rename(s) of committed batch " + latestBatch
          + " that a crash had interrupted");
    }
    recovered = true;
  }

  private void deleteOrphans() throws IOException {
    Path staging = files.resolve(OutputLayout.STAGING);
    if (!files.fs().exists(staging)) {
      return;
    }
    long count = 0;
    var it = files.fs().listFiles(staging, true);
    while (it.hasNext()) {
      FileStatus ignored = it.next();
      count++;
    }
    files.fs().delete(staging, true);
    if (count > 0) {
      orphansDeleted.addAndGet(count);
      LOG.log(Level.INFO, where + ": deleted " + count + " staged file(s) of batches that never committed");
    }
  }

  /** Counts since this instance started; see the README's sink metrics. */
  @Override
  public Map<String, String> metrics() {
    Map<String, String> out = new LinkedHashMap<>();
    out.put("numCommittedBatches", Long.toString(committedBatches.get()));
    out.put("numSkippedBatches", Long.toString(skippedBatches.get()));
    out.put("numOutputFiles", Long.toString(outputFiles.get()));
    out.put("numOutputBytes", Long.toString(outputBytes.get()));
    out.put("numOutputRows", Long.toString(outputRows.get()));
    out.put("numFilesRolledForward", Long.toString(rolledForward.get()));
    out.put("numOrphanFilesDeleted", Long.toString(orphansDeleted.get()));
    out.put("numMissingFiles", Long.toString(missingFiles.get()));
    out.put("numExpiredEntries", Long.toString(expiredEntries.get()));
    out.put("numCompactions", Long.toString(compactions.get()));
    out.put("manifestBatchId", Long.toString(latestBatch));
    return out;
  }

  /** Holds no open resources between batches: task writers close their own files. */
  @Override
  public void close() {}
}
