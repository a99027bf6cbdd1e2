package io.millrace.kafka.source;

import io.millrace.spi.data.Schema;
import io.millrace.spi.source.InputPartition;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.PartitionReader;
import io.millrace.spi.source.ReadLimit;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceCapability;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import org.apache.kafka.common.TopicPartition;

/**
 * Kafka topics as a replayable stream, shaped like Spark's {@code KafkaMicroBatchStream}. An
 * offset holds, per partition, the next offset to read; a batch {@code (start, end]} reads
 * {@code [start, end)} of every partition. Partitions are resolved again at every
 * {@link #latestOffset}: a new one is read from its first offset; one that went away is data
 * loss (see {@link DataLoss}), reported when a batch is planned, where Spark reports it.
 */
final class KafkaSource implements Source {
  private static final System.Logger LOG = System.getLogger(KafkaSource.class.getName());
  private static final Set<SourceCapability> CAPABILITIES = EnumSet.of(SourceCapability.REPLAYABLE,
      SourceCapability.RATE_LIMIT, SourceCapability.AVAILABLE_NOW, SourceCapability.ORDERED,
      SourceCapability.COLUMN_PRUNING);

  private final KafkaSourceOptions options;
  private final String queryId;
  private final OffsetFetcher fetcher;
  private final ConsumerPool pool;
  private final InitialOffsets initial;
  private final DataLoss dataLoss;
  private final LongSupplier clockMillis;
  private final Schema fullSchema;
  private final LongAdder groupCommitFailures = new LongAdder();
  private Schema schema;
  private KafkaRows rows;
  private boolean resolvedOnce;
  /** When a batch last ran, for {@code maxTriggerDelay}; 0, so the first trigger after a start runs (Spark's rule). */
  private long lastTriggerMillis;
  private long rotation;
  /** Set by {@link #prepareForAvailableNow}: no batch goes past these. */
  private Map<TopicPartition, Long> availableNow;
  /** The latest offsets the last {@link #latestOffset} saw, and the end of the last planned batch, for the lag metrics. */
  private volatile SortedMap<TopicPartition, Long> lastLatest;
  private volatile SortedMap<TopicPartition, Long> lastPlannedEnd;
  private boolean closed;

  KafkaSource(KafkaSourceOptions options, String queryId, InitialOffsets initial, LongSupplier clockMillis) {
    this.options = options;
    this.queryId = queryId;
    this.fetcher = new OffsetFetcher(options);
    this.pool = new ConsumerPool(options.consumerProperties());
    this.initial = initial;
    this.dataLoss = new DataLoss(options.failOnDataLoss);
    this.clockMillis = clockMillis;
    this.fullSchema = KafkaRows.schema(options.includeHeaders);
    this.schema = fullSchema;
    this.rows = new KafkaRows(fullSchema, fullSchema);
  }

  @Override
  public Schema schema() {
    return schema;
  }

  @Override
  public Set<SourceCapability> capabilities() {
    return CAPABILITIES;
  }

  /** Rows then hold only these columns: a query that never reads key or headers does not carry them. */
  @Override
  public void pruneColumns(Schema columns) {
    rows = new KafkaRows(fullSchema, columns);
    schema = columns;
  }

  @Override
  public Offset initialOffset() {
    try {
      return initial.get(fetcher, partitions());
    } catch (IOException e) {
      throw new UncheckedIOException("Kafka source: cannot read " + InitialOffsets.FILE + " in its metadata path", e);
    }
  }

  @Override
  public Offset deserializeOffset(String json) {
    return KafkaSourceOffset.parse(json);
  }

  @Override
  public ReadLimit defaultReadLimit() {
    return options.maxOffsetsPerTrigger.isPresent()
        ? ReadLimit.maxRows(options.maxOffsetsPerTrigger.getAsLong()) : ReadLimit.allAvailable();
  }

  @Override
  public Offset latestOffset(Offset startOffset, ReadLimit limit) throws IOException {
    KafkaSourceOffset start = (KafkaSourceOffset) startOffset;
    SortedSet<TopicPartition> partitions = partitions();
    initial.record(fetcher, partitions);
    Map<TopicPartition, Long> latest = capped(fetcher.latest(partitions));
    lastLatest = PartitionOffsets.sorted(latest);
    if (availableNow != null) {
      latest.keySet().retainAll(availableNow.keySet());
      availableNow.forEach((tp, last) -> latest.computeIfPresent(tp, (k, now) -> Math.min(now, last)));
    }
    Map<TopicPartition, Long> from = startsOf(start, latest);
    if (availableNow == null && options.minOffsetsPerTrigger.isPresent()
        && delayBatch(options.minOffsetsPerTrigger.getAsLong(), from, latest)) {
      return start;
    }
    Map<TopicPartition, Long> ends = latest;
    if (limit.maxRows().isPresent()) {
      ends = RateLimit.cap(PartitionOffsets.sorted(from), PartitionOffsets.sorted(latest), limit.maxRows().getAsLong(),
          rotation++);
    }
    Map<TopicPartition, Long> next = new HashMap<>();
    start.positions().forEach((tp, offset) -> {
      if (partitions.contains(tp)) {
        next.put(tp, offset); // kept while available-now leaves it out; a partition gone drops out
      }
    });
    next.putAll(ends);
    KafkaSourceOffset end = new KafkaSourceOffset(next);
    return end.equals(start) ? start : end;
  }

  /** The partitions now, and on the first call a check that the topics named exist. */
  private SortedSet<TopicPartition> partitions() {
    SortedSet<TopicPartition> partitions = options.selector.resolve(fetcher, !resolvedOnce);
    resolvedOnce = true;
    return partitions;
  }

  /** Applies {@code endingOffsets}, which no batch passes. */
  private Map<TopicPartition, Long> capped(Map<TopicPartition, Long> latest) {
    Map<TopicPartition, Long> capped = new HashMap<>(latest);
    options.ending.ifPresent(ending -> ending.forEach((tp, last) -> {
      if (last >= 0) {
        capped.computeIfPresent(tp, (k, now) -> Math.min(now, last));
      }
    }));
    return capped;
  }

  /** Where each partition's batch starts: its position, or for a partition new since, its first offset. */
  private Map<TopicPartition, Long> startsOf(KafkaSourceOffset start, Map<TopicPartition, Long> latest) {
    Map<TopicPartition, Long> from = new HashMap<>();
    List<TopicPartition> added = new ArrayList<>();
    latest.forEach((tp, offset) -> {
      Long position = start.positions().get(tp);
      if (position == null) {
        added.add(tp);
      } else {
        from.put(tp, Math.min(position, offset)); // a position past latest (topic recreated) is planned as loss
      }
    });
    from.putAll(fetcher.earliest(added));
    return from;
  }

  /**
   * Spark's {@code delayBatch}: the batch waits while fewer than {@code minOffsetsPerTrigger}
   * offsets are pending, until {@code maxTriggerDelay} has passed since the last batch.
   */
  private boolean delayBatch(long minOffsets, Map<TopicPartition, Long> from, Map<TopicPartition, Long> latest) {
    long now = clockMillis.getAsLong();
    if (now - lastTriggerMillis >= options.maxTriggerDelay.toMillis()) {
      lastTriggerMillis = now;
      return false;
    }
    long pending = 0;
    for (Map.Entry<TopicPartition, Long> e : latest.entrySet()) {
      pending += Math.max(0, e.getValue() - from.get(e.getKey()));
    }
    if (pending < minOffsets) {
      return true;
    }
    lastTriggerMillis = now;
    return false;
  }

  @Override
  public void prepareForAvailableNow() throws IOException {
    availableNow = capped(fetcher.latest(partitions()));
  }

  @Override
  public List<InputPartition> planInputPartitions(Offset startOffset, Offset endOffset) throws IOException {
    SortedMap<TopicPartition, Long> start = ((KafkaSourceOffset) startOffset).positions();
    SortedMap<TopicPartition, Long> end = ((KafkaSourceOffset) endOffset).positions();
    for (TopicPartition tp : start.keySet()) {
      if (!end.containsKey(tp)) {
        dataLoss.report(tp.topic(), tp.partition(), "the partition is gone (deleted topic or partition) after offset "
            + start.get(tp));
      }
    }
    List<RangePlanner.Range> ranges = new ArrayList<>();
    end.forEach((tp, until) -> {
      // A partition new since start is read from offset 0: if its first offsets aged out, the reader reports the loss.
      long from = start.getOrDefault(tp, 0L);
      if (until < from) {
        dataLoss.report(tp.topic(), tp.partition(), "its latest offset " + until + " is below the batch's start "
            + from + " (topic recreated?)");
      } else {
        ranges.add(new RangePlanner.Range(tp.topic(), tp.partition(), from, until));
      }
    });
    lastPlannedEnd = end;
    List<InputPartition> planned = new ArrayList<>();
    for (RangePlanner.Range r : RangePlanner.plan(ranges, options.minPartitions)) {
      planned.add(new KafkaInputPartition(r.topic(), r.partition(), r.from(), r.until()));
    }
    return planned;
  }

  @Override
  public PartitionReader createReader(InputPartition partition) {
    return new KafkaPartitionReader((KafkaInputPartition) partition, pool, rows, dataLoss, options.pollTimeoutMs);
  }

  /** With {@code commitOffsetsToGroup}, tells a consumer group how far the query got, for lag monitors; best effort. */
  @Override
  public void commit(Offset end) {
    if (!options.commitOffsetsToGroup || closed) {
      return;
    }
    String group = options.commitGroup(queryId);
    try {
      fetcher.commitToGroup(group, ((KafkaSourceOffset) end).positions());
    } catch (RuntimeException e) {
      groupCommitFailures.increment();
      LOG.log(System.Logger.Level.WARNING, "Kafka source: could not commit offsets " + end.json() + " to consumer group '"
          + group + "' (commitOffsetsToGroup; the checkpoint still holds them): " + e.getMessage());
    }
  }

  /** Spark's lag figures (SPARK-34854), data loss counts and the number of partitions. */
  @Override
  public Map<String, String> metrics() {
    Map<String, String> metrics = new LinkedHashMap<>();
    SortedMap<TopicPartition, Long> latest = lastLatest;
    SortedMap<TopicPartition, Long> consumed = lastPlannedEnd;
    if (latest != null) {
      metrics.put("partitions", Integer.toString(latest.size()));
    }
    if (latest != null && consumed != null) {
      long min = Long.MAX_VALUE;
      long max = Long.MIN_VALUE;
      long sum = 0;
      int n = 0;
      for (Map.Entry<TopicPartition, Long> e : latest.entrySet()) {
        Long end = consumed.get(e.getKey());
        long behind = e.getValue() - (end == null ? 0 : end);
        min = Math.min(min, behind);
        max = Math.max(max, behind);
        sum += behind;
        n++;
      }
      if (n > 0) {
        metrics.put("minOffsetsBehindLatest", Long.toString(min));
        metrics.put("maxOffsetsBehindLatest", Long.toString(max));
        metrics.put("avgOffsetsBehindLatest", Double.toString((double) sum / n));
      }
    }
    metrics.put("dataLossOffsets", Long.toString(dataLoss.offsets()));
    metrics.put("dataLossEvents", Long.toString(dataLoss.events()));
    if (options.commitOffsetsToGroup) {
      metrics.put("groupCommitFailures", Long.toString(groupCommitFailures.sum()));
    }
    return metrics;
  }

  @Override
  public void close() {
    closed = true;
    pool.close();
    fetcher.close();
  }
}
