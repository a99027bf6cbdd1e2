package io.millrace.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * What kafka-clients alone can do on this machine for the Kafka-to-Kafka benchmark, with no
 * engine at all: the same topic read read_committed in the same micro-batches (a fixed number of
 * offsets a batch), every record's value copied unparsed to an output topic inside one transaction
 * a batch that also commits a marker offset, by {@code --threads} tasks sharing one producer as
 * the sink's tasks do. A filter keeps about three records in four, as the stateless shape does.
 * The engine's Kafka-to-Kafka figure can only approach this ceiling, never pass it.
 *
 * <pre>java -cp .. io.millrace.bench.KafkaClientCeiling --bootstrap H:P [--topic events]
 *     [--max-offsets 500000] [--threads 2] [--transactions true]</pre>
 */
public final class KafkaClientCeiling {
  public static void main(String[] argv) throws Exception {
    EndToEndBench.Args a = new EndToEndBench.Args(argv);
    String bootstrap = a.get("--bootstrap", null);
    String topic = a.get("--topic", "events");
    long maxOffsets = Long.parseLong(a.get("--max-offsets", "500000"));
    int threads = a.getInt("--threads", 2);
    boolean transactions = Boolean.parseBoolean(a.get("--transactions", "true"));
    String out = "ceiling-" + System.nanoTime();

    Map<TopicPartition, Long> end = new HashMap<>();
    try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
      int partitions = admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic).partitions().size();
      Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
      for (int p = 0; p < partitions; p++) {
        latest.put(new TopicPartition(topic, p), OffsetSpec.latest());
      }
      admin.listOffsets(latest).all().get().forEach((tp, info) -> end.put(tp, info.offset()));
      admin.createTopics(List.of(new NewTopic(out, partitions, (short) 1))).all().get();
    }
    List<TopicPartition> parts = new ArrayList<>(end.keySet());
    parts.sort((x, y) -> Integer.compare(x.partition(), y.partition()));

    Properties pp = new Properties();
    pp.put("bootstrap.servers", bootstrap);
    pp.put("key.serializer", ByteArraySerializer.class.getName());
    pp.put("value.serializer", ByteArraySerializer.class.getName());
    pp.put("linger.ms", System.getProperty("ceiling.linger.ms", "5"));
    pp.put("batch.size", System.getProperty("ceiling.batch.size", Integer.toString(256 << 10)));
    if (transactions) {
      pp.put("transactional.id", out);
    }
    ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, "ceiling-task");
      t.setDaemon(true); // a failed run ends instead of waiting on idle workers
      return t;
    });
    long total = 0;
    long written = 0;
    long started = System.nanoTime();
    List<Long> batchMs = new ArrayList<>();
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(pp)) {
      if (transactions) {
        producer.initTransactions();
      }
      Map<TopicPartition, Long> from = new HashMap<>();
      parts.forEach(tp -> from.put(tp, 0L));
      for (long batch = 0; ; batch++) {
        Map<TopicPartition, Long> until = new HashMap<>();
        long budget = maxOffsets / parts.size();
        long inBatch = 0;
        for (TopicPartition tp : parts) {
          long u = Math.min(end.get(tp), from.get(tp) + budget);
          until.put(tp, u);
          inBatch += u - from.get(tp);
        }
        if (inBatch == 0) {
          break;
        }
        long batchStarted = System.nanoTime();
        if (transactions) {
          producer.beginTransaction();
        }
        List<Future<Long>> tasks = new ArrayList<>();
        for (TopicPartition tp : parts) {
          long f = from.get(tp);
          long u = until.get(tp);
          tasks.add(pool.submit(() -> copy(bootstrap, tp, f, u, producer, out)));
        }
        for (Future<Long> t : tasks) {
          written += t.get();
        }
        if (transactions) {
          producer.sendOffsetsToTransaction(Map.of(new TopicPartition(out, 0),
              new OffsetAndMetadata(batch)), new ConsumerGroupMetadata("ceiling-" + out));
          producer.commitTransaction();
        } else {
          producer.flush();
        }
        total += inBatch;
        from.putAll(until);
        batchMs.add((System.nanoTime() - batchStarted) / 1_000_000);
      }
    }
    pool.shutdown();
    double seconds = (System.nanoTime() - started) / 1e9;
    System.out.printf("ceiling: %,d records read, %,d written, %.1f s, %,.0f rows/s (transactions %s, %d threads)%n",
        total, written, seconds, total / seconds, transactions, threads);
    System.out.println("batch ms: " + batchMs);
    System.out.printf("cpu: %.1f s for the process (%.2f µs a record read)%n",
        ProcessHandle.current().info().totalCpuDuration().orElseThrow().toMillis() / 1e3,
        ProcessHandle.current().info().totalCpuDuration().orElseThrow().toNanos() / 1e3 / total);
  }

  // One consumer a partition for the whole run, as the source's pool keeps them across batches.
  private static final Map<TopicPartition, KafkaConsumer<byte[], byte[]>> CONSUMERS =
      new java.util.concurrent.ConcurrentHashMap<>();

  private static long copy(String bootstrap, TopicPartition tp, long from, long until,
      KafkaProducer<byte[], byte[]> producer, String out) {
    Properties cp = new Properties();
    cp.put("bootstrap.servers", bootstrap);
    cp.put("key.deserializer", ByteArrayDeserializer.class.getName());
    cp.put("value.deserializer", ByteArrayDeserializer.class.getName());
    cp.put("isolation.level", "read_committed");
    cp.put("enable.auto.commit", "false");
    cp.put("max.poll.records", "10000");
    cp.put("fetch.max.bytes", Integer.toString(64 << 20));
    cp.put("max.partition.fetch.bytes", Integer.toString(16 << 20));
    long written = 0;
    KafkaConsumer<byte[], byte[]> consumer = CONSUMERS.computeIfAbsent(tp, t -> {
      KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(cp);
      c.assign(List.of(t));
      return c;
    });
    {
      consumer.seek(tp, from);
      long next = from;
      while (next < until) {
        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofSeconds(1))) {
          if (r.offset() >= until) {
            break;
          }
          next = r.offset() + 1;
          if ((r.offset() & 3) != 0) {
            producer.send(new ProducerRecord<>(out, r.value()));
            written++;
          }
        }
      }
    }
    return written;
  }
}
