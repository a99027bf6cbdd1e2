package io.millrace.kafka.sink;

import io.millrace.spi.MillraceException;
import io.millrace.spi.data.Row;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.fault.FaultPoint;
import io.millrace.spi.sink.DeliveryGuarantee;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.TaskWriter;
import io.millrace.spi.sink.WriterCommitMessage;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.InvalidProducerEpochException;
import org.apache.kafka.common.errors.InvalidTxnTimeoutException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.TimeoutException;

/**
 * Writes each batch to Kafka; under exactly-once, as ONE Kafka transaction per batch.
 *
 * <p>Why one transactional producer per (query, sink) and not one per task: a batch must become
 * visible whole or not at all, and a replay may split it into another number of tasks. Kafka
 * has no atomic commit across the transactions of several producers, so per-task transactions
 * could leave part of a batch visible after a crash between two task commits. The runtime runs
 * every task writer in the JVM that holds this sink (TaskWriter's contract: rows stay invisible
 * until {@link #commit}), and KafkaProducer is thread-safe inside one transaction, so the task
 * writers send from their own threads into the sink's single open transaction. Its id is
 * {@code <transactionalIdPrefix>-<queryId>-w0}: stable across restarts, so a new run fences the
 * old one.
 *
 * <p>The batch id goes into the same transaction as a consumer-group offset
 * ({@link BatchMarker}). A new instance first reads the marker without fencing anyone (a replay
 * of a committed batch, at or below it, then writes nothing and leaves a live writer alone);
 * before its first new batch, or when the marker is still pending in a dead run's transaction,
 * it calls {@code initTransactions()}, which fences every older producer of the id and aborts (or
 * completes) what it left open, and reads the marker again. {@link #commit} reports
 * {@link FaultPoint#INSIDE_SINK_WRITE} after the flush, after the marker and after the
 * transaction's commit.
 *
 * <p>At-least-once (asked for, or forced by the producer settings) sends with the idempotent
 * producer and flushes in {@link #commit}; a replay writes the batch again.
 */
final class KafkaSink implements Sink {
  private static final System.Logger LOG = System.getLogger(KafkaSink.class.getName());
  /**
   * How long a read of the marker before fencing waits for a transaction still pending on it: a
   * live writer's commit holds it for milliseconds; longer, and it is a dead run's, to fence.
   */
  static final Duration UNFENCED_READ = Duration.ofSeconds(1);

  /** Reads the last committed batch id from the marker, or -1. */
  interface MarkerReader {
    long read(Duration timeout);
  }

  private final KafkaSinkOptions options;
  private final SinkRows rows;
  private final String queryId;
  private final String transactionalId;
  private final BatchMarker marker;
  private final FaultInjector faults;
  private final Function<Map<String, Object>, Producer<byte[], byte[]>> producers;
  private final MarkerReader markerReader;
  private final Duration maxWait;
  private final boolean exactlyOnce;
  private final String where;
  /** This instance, in the commit messages: a message from another instance's transaction is refused. */
  private final String run = UUID.randomUUID().toString();

  private Producer<byte[], byte[]> producer;
  /** The producer exists and, under exactly-once, has fenced every earlier one of the id. */
  private boolean recovered;
  /** {@link #lastCommitted} was read from the marker by this producer generation. */
  private boolean markerRead;
  private boolean closed;
  private long lastCommitted = -1;
  /** The batch whose transaction is open, or -1. */
  private long openBatch = -1;
  private long transaction;
  private String doomed;
  private boolean commitAttempted;

  private final AtomicLong committedBatches = new AtomicLong();
  private final AtomicLong skippedBatches = new AtomicLong();
  private final AtomicLong skippedRows = new AtomicLong();
  private final AtomicLong abortedTransactions = new AtomicLong();
  private final AtomicLong outputRecords = new AtomicLong();
  private final AtomicLong outputBytes = new AtomicLong();
  private final AtomicLong recoveries = new AtomicLong();

  KafkaSink(KafkaSinkOptions options, SinkRows rows, String queryId, FaultInjector faults,
      Function<Map<String, Object>, Producer<byte[], byte[]>> producers, Function<BatchMarker, MarkerReader> markers) {
    this.options = options;
    this.rows = rows;
    this.queryId = queryId;
    this.faults = faults;
    this.producers = producers;
    this.exactlyOnce = options.guarantee() == DeliveryGuarantee.EXACTLY_ONCE;
    this.transactionalId = options.transactionalIdPrefix() + "-" + queryId + "-w0";
    this.marker = new BatchMarker(options.transactionalIdPrefix() + "-" + queryId + "-sink",
        options.markerTopic().orElse(""), queryId);
    this.markerReader = markers.apply(marker);
    this.maxWait = Duration.ofMillis(Long.parseLong(String.valueOf(options.producer()
        .getOrDefault(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "120000")).trim()) + 30_000);
    this.where = "sink 'kafka'" + options.topic().map(t -> " to topic " + t).orElse("")
        + (exactlyOnce ? " (transactional id " + transactionalId + ")" : "");
  }

  @Override
  public DeliveryGuarantee guarantee() {
    return options.guarantee();
  }

  /** Kafka only appends: every mode is written as records (update and complete as Spark writes them). */
  @Override
  public Set<OutputMode> supportedOutputModes() {
    return EnumSet.allOf(OutputMode.class);
  }

  @Override
  public boolean writesPerTask() {
    return true;
  }

  @Override
  public synchronized TaskWriter createWriter(int partition, long batchId) throws IOException {
    if (exactlyOnce && isCommitted(batchId)) {
      return new DiscardingWriter(skippedRows);
    }
    recover();
    if (exactlyOnce && batchId <= lastCommitted) {
      return new DiscardingWriter(skippedRows); // the marker moved while this instance fenced
    }
    if (exactlyOnce && openBatch != batchId) {
      begin(batchId);
    }
    return new KafkaTaskWriter(this, producer, rows, partition, batchId, transaction, maxWait);
  }

  @Override
  public synchronized void commit(long batchId, List<WriterCommitMessage> messages) throws IOException {
    if (!exactlyOnce) {
      recover();
      flushAtLeastOnce(batchId, messages);
      return;
    }
    if (isCommitted(batchId) || recoverAndCheck(batchId)) {
      skippedBatches.incrementAndGet();
      LOG.log(Level.INFO, where + ": batch " + batchId + " is already committed (the marker holds batch " + lastCommitted
          + "); its replay writes nothing");
      return;
    }
    if (openBatch != batchId) {
      begin(batchId); // a batch with no task writers: its transaction holds only the marker
    }
    long records = check(batchId, messages);
    try {
      producer.flush();
      faults.reached(FaultPoint.INSIDE_SINK_WRITE, batchId); // every record sent, none visible
      producer.sendOffsetsToTransaction(marker.offsets(batchId, records), marker.groupMetadata());
      faults.reached(FaultPoint.INSIDE_SINK_WRITE, batchId); // the marker is in the transaction too
    } catch (KafkaException e) {
      throw failBeforeCommit(batchId, e);
    }
    commitAttempted = true;
    commitTransaction(batchId);
    faults.reached(FaultPoint.INSIDE_SINK_WRITE, batchId); // committed in Kafka, not yet in the engine's log
    lastCommitted = batchId;
    openBatch = -1;
    committedBatches.incrementAndGet();
    for (WriterCommitMessage m : messages) {
      outputRecords.addAndGet(((KafkaCommitMessage) m).records());
      outputBytes.addAndGet(((KafkaCommitMessage) m).bytes());
    }
  }

  /** The records of {@code messages}, after checking each was written into this instance's open transaction. */
  private long check(long batchId, List<WriterCommitMessage> messages) throws IOException {
    long records = 0;
    for (WriterCommitMessage m : messages) {
      if (!(m instanceof KafkaCommitMessage k) || !k.run().equals(run) || k.transaction() != transaction
          || k.batchId() != batchId) {
        abortOpen("a commit message it did not write");
        throw new IOException(where + ": the commit of batch " + batchId + " got a message of another transaction or"
            + " sink instance (" + m + "); its rows are not in this instance's transaction, so the batch is aborted and"
            + " must run again");
      }
      records += k.records();
    }
    if (doomed != null) {
      String why = doomed;
      abortOpen(why);
      throw new IOException(where + ": batch " + batchId + " cannot commit: " + why + "; its transaction is aborted");
    }
    return records;
  }

  /** Commits the open transaction; a timeout is retried once, then the outcome is left to recovery. */
  private void commitTransaction(long batchId) throws IOException {
    for (int attempt = 1; ; attempt++) {
      try {
        producer.commitTransaction();
        return;
      } catch (TimeoutException e) {
        if (attempt < 2) {
          LOG.log(Level.WARNING, where + ": the commit of batch " + batchId + " timed out; retrying it once");
          continue;
        }
        // Committed or not, only the coordinator knows: never abort here. The next attempt
        // fences this producer and reads the marker, which tells.
        dropProducer();
        throw new IOException(where + ": the outcome of the commit of batch " + batchId + " is unknown (it timed out"
            + " twice: " + e.getMessage() + "); the next attempt recovers it from the batch marker, so nothing is"
            + " duplicated or lost", e);
      } catch (KafkaException e) {
        if (fenced(e)) {
          dropProducer();
          throw fencedError(e);
        }
        throw failBeforeCommit(batchId, e);
      }
    }
  }

  private void flushAtLeastOnce(long batchId, List<WriterCommitMessage> messages) throws IOException {
    try {
      producer.flush();
    } catch (KafkaException e) {
      throw new IOException(where + ": batch " + batchId + " could not be flushed: " + e.getMessage(), e);
    }
    faults.reached(FaultPoint.INSIDE_SINK_WRITE, batchId); // flushed: the batch is in Kafka
    committedBatches.incrementAndGet();
    for (WriterCommitMessage m : messages) {
      outputRecords.addAndGet(((KafkaCommitMessage) m).records());
      outputBytes.addAndGet(((KafkaCommitMessage) m).bytes());
    }
  }

  @Override
  public synchronized void abort(long batchId, List<WriterCommitMessage> messages) {
    if (!exactlyOnce || batchId <= lastCommitted || openBatch != batchId || commitAttempted) {
      return; // nothing open of this batch, or a commit whose outcome recovery decides
    }
    abortOpen("Sink.abort");
  }

  /** Under exactly-once, one of the batch's tasks gave up: the batch's transaction must not commit. */
  synchronized void doom(long batchId, long tx, String why) {
    if (openBatch == batchId && transaction == tx && doomed == null) {
      doomed = why;
    }
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (producer == null) {
      return;
    }
    if (openBatch >= 0 && !commitAttempted) {
      abortOpen("the sink is closed");
    }
    if (producer != null) {
      producer.close(Duration.ofSeconds(30));
      producer = null;
    }
  }

  /**
   * Whether batch {@code batchId} is committed already, by the marker. The first call reads the
   * marker without fencing anyone: a committed batch only ever needs skipping, so a replay of
   * one leaves a running instance of the query alone (the TCK's K14 keeps writing on it). If a
   * dead run left the marker inside an open transaction, that read waits out its timeout and the
   * sink fences first ({@link #recover}), which aborts the transaction, then reads again.
   * {@code create} writes nothing, as the SPI asks, so this runs at the first write.
   */
  private boolean isCommitted(long batchId) throws IOException {
    if (closed) {
      throw new IOException(where + " is closed");
    }
    if (!markerRead) {
      try {
        lastCommitted = markerReader.read(UNFENCED_READ);
        markerRead = true;
      } catch (TimeoutException e) {
        LOG.log(Level.INFO, where + ": the batch marker is pending in an open transaction; fencing it first");
        recover();
      } catch (KafkaException e) {
        throw new IOException(where + ": cannot read the batch marker of group " + marker.group() + ": "
            + e.getMessage(), e);
      }
    }
    return batchId <= lastCommitted;
  }

  /** Fences (once) and tells whether the marker, read again, holds {@code batchId}. */
  private boolean recoverAndCheck(long batchId) throws IOException {
    recover();
    return batchId <= lastCommitted;
  }

  /**
   * Once per producer, before a new batch: creates the producer and, under exactly-once, fences
   * every earlier producer of the id (the coordinator aborts or completes what they left open),
   * then reads the last committed batch again, now that nothing can move it.
   */
  private void recover() throws IOException {
    if (closed) {
      throw new IOException(where + " is closed");
    }
    if (recovered) {
      return;
    }
    if (!exactlyOnce) {
      producer = producers.apply(options.producerConfig(Optional.empty()));
      recovered = true;
      return;
    }
    producer = producers.apply(options.producerConfig(Optional.of(transactionalId)));
    try {
      producer.initTransactions();
      lastCommitted = markerReader.read(KafkaSinkProvider.MARKER_TIMEOUT);
      markerRead = true;
      if (lastCommitted >= 0) {
        refreshMarker();
      }
    } catch (TimeoutException e) {
      dropProducer();
      throw new IOException(where + ": cannot reach the brokers " + options.producer()
          .get(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG) + " to start its transactions (kafka.max.block.ms): "
          + e.getMessage(), e);
    } catch (KafkaException e) {
      dropProducer();
      if (txnTimeoutRefused(e)) {
        throw new MillraceException(where + ": the broker refuses kafka.transaction.timeout.ms="
            + options.producer().get(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG) + ": it is above the broker's"
            + " transaction.max.timeout.ms (15 minutes by default). Lower the option, or raise the broker setting", e);
      }
      throw new IOException(where + ": cannot start its transactions: " + e.getMessage(), e);
    }
    recoveries.incrementAndGet();
    openBatch = -1;
    recovered = true;
    LOG.log(Level.INFO, where + ": fenced earlier runs; the last committed batch is " + lastCommitted);
  }

  /**
   * Commits the marker again, alone: a group's offsets expire offsets.retention.minutes (7 days)
   * after their last commit, and a marker gone would make a replay of the last batch write it
   * again. Each recovery restarts that clock.
   */
  private void refreshMarker() {
    producer.beginTransaction();
    producer.sendOffsetsToTransaction(marker.offsets(lastCommitted, -1), marker.groupMetadata());
    producer.commitTransaction();
  }

  private void begin(long batchId) throws IOException {
    if (openBatch >= 0) {
      abortOpen("batch " + batchId + " starts while batch " + openBatch + " is still open");
    }
    try {
      producer.beginTransaction();
    } catch (KafkaException e) {
      if (fenced(e)) {
        dropProducer();
        throw fencedError(e);
      }
      throw new IOException(where + ": cannot begin the transaction of batch " + batchId + ": " + e.getMessage(), e);
    }
    openBatch = batchId;
    transaction++;
    doomed = null;
    commitAttempted = false;
  }

  /** Aborts the open transaction; if even that fails the producer is dropped and the next write recovers. */
  private void abortOpen(String why) {
    if (producer == null || openBatch < 0) {
      return;
    }
    long batch = openBatch;
    openBatch = -1;
    try {
      producer.abortTransaction();
      abortedTransactions.incrementAndGet();
      LOG.log(Level.INFO, where + ": aborted the transaction of batch " + batch + " (" + why + ")");
    } catch (KafkaException e) {
      LOG.log(Level.WARNING, where + ": could not abort the transaction of batch " + batch + " (" + why + "): " + e
          + "; the next write fences it and the broker aborts it");
      dropProducer();
    }
  }

  /** A send, flush or marker failed: the batch's transaction is aborted and the error names why. */
  private IOException failBeforeCommit(long batchId, KafkaException e) {
    if (fenced(e)) {
      dropProducer();
      return new IOException(fencedError(e).getMessage(), e);
    }
    abortOpen("batch " + batchId + " failed: " + e.getMessage());
    if (e instanceof RecordTooLargeException || e.getCause() instanceof RecordTooLargeException) {
      return new IOException(where + ": batch " + batchId + " has a record too large for Kafka: " + e.getMessage()
          + " (kafka.max.request.size is " + options.maxRequestSize() + "; the broker's limit is the topic's"
          + " max.message.bytes); the batch's transaction is aborted", e);
    }
    return new IOException(where + ": batch " + batchId + " failed and its transaction is aborted: " + e.getMessage(), e);
  }

  /** A task's send failed; under exactly-once the batch is doomed (its commit aborts). */
  IOException sendFailed(KafkaException e, String target, long batchId, int task) {
    if (fenced(e)) {
      return new IOException(fencedError(e).getMessage(), e);
    }
    String size = e instanceof RecordTooLargeException ? " (kafka.max.request.size is " + options.maxRequestSize()
        + "; the broker's limit is the topic's max.message.bytes)" : "";
    return new IOException(where + ": task " + task + " of batch " + batchId + " could not send a record to topic "
        + target + ": " + e.getMessage() + size, e);
  }

  /** The client reports InvalidTxnTimeout as a plain KafkaException ("Unexpected error in InitProducerIdResponse"). */
  private static boolean txnTimeoutRefused(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof InvalidTxnTimeoutException
          || String.valueOf(t.getMessage()).contains("transaction.max.timeout.ms")) {
        return true;
      }
    }
    return false;
  }

  private static boolean fenced(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof ProducerFencedException || t instanceof InvalidProducerEpochException) {
        return true;
      }
    }
    return false;
  }

  private MillraceException fencedError(KafkaException e) {
    return new MillraceException(where + ": another run of query " + queryId + " writes with transactional id "
        + transactionalId + " and has fenced this one; this run must stop (" + e.getMessage() + ")", e);
  }

  /** Closes the producer at once, without aborting: what it had open is the next recovery's to settle. */
  private void dropProducer() {
    if (producer != null) {
      try {
        producer.close(Duration.ZERO);
      } catch (KafkaException e) {
        LOG.log(Level.DEBUG, where + ": closing a failed producer: " + e);
      }
    }
    producer = null;
    recovered = false;
    markerRead = false;
    openBatch = -1;
  }

  String transactionalId() {
    return exactlyOnce ? transactionalId : "";
  }

  String run() {
    return run;
  }

  String describe() {
    return where;
  }

  /** Counts since this instance started; see the README's sink metrics. */
  @Override
  public Map<String, String> metrics() {
    Map<String, String> out = new LinkedHashMap<>();
    out.put("deliveryGuarantee", exactlyOnce ? "exactly-once" : "at-least-once");
    if (!exactlyOnce) {
      out.put("deliveryGuaranteeReason", options.guaranteeReason());
    } else {
      out.put("transactionalId", transactionalId);
    }
    out.put("numCommittedBatches", Long.toString(committedBatches.get()));
    out.put("numSkippedBatches", Long.toString(skippedBatches.get()));
    out.put("numSkippedRows", Long.toString(skippedRows.get()));
    out.put("numAbortedTransactions", Long.toString(abortedTransactions.get()));
    out.put("numOutputRecords", Long.toString(outputRecords.get()));
    out.put("numOutputBytes", Long.toString(outputBytes.get()));
    out.put("numRecoveries", Long.toString(recoveries.get()));
    synchronized (this) {
      out.put("lastCommittedBatch", Long.toString(lastCommitted));
    }
    return out;
  }

  /** The writer of a replayed batch that is already committed: it takes the rows and writes nothing. */
  private static final class DiscardingWriter implements TaskWriter {
    private final AtomicLong skipped;
    private long rows;

    DiscardingWriter(AtomicLong skipped) {
      this.skipped = skipped;
    }

    @Override
    public void write(Row row) {
      rows++;
    }

    @Override
    public WriterCommitMessage commit() {
      skipped.addAndGet(rows);
      return new KafkaCommitMessage("", "", -1, -1, -1, 0, 0);
    }

    @Override
    public void abort() {}
  }
}
