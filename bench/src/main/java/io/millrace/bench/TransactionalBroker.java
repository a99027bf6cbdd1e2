package io.millrace.bench;

import java.io.BufferedReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;

/**
 * The broker of the Kafka-to-Kafka benchmark: spark-baseline's kafka-load, whose topic the
 * window benchmark reads, leaves the transaction log at replication 3, which its single broker
 * cannot create, so a transactional sink cannot start there. This one is the same single KRaft
 * node (Kafka's test kit, in its own JVM) with the transaction and offsets logs at replication 1,
 * loaded the same way: record i is line i of the dataset, no key, partition i % partitions.
 * Prints {@code READY bootstrap=HOST:PORT} once loaded, and serves until killed.
 *
 * <pre>java -cp .. io.millrace.bench.TransactionalBroker [--data DIR] [--topic events] [--partitions 4]</pre>
 */
public final class TransactionalBroker {
  public static void main(String[] argv) throws Exception {
    EndToEndBench.Args a = new EndToEndBench.Args(argv);
    Path data = Path.of(a.get("--data", "/tmp/spark-baseline/data/bench"));
    String topic = a.get("--topic", "events");
    int partitions = a.getInt("--partitions", 4);
    KafkaClusterTestKit cluster = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder().setCombined(true)
            .setNumBrokerNodes(1).setNumControllerNodes(1)
            .setBaseDirectory(Files.createTempDirectory("millrace-bench-kafka")).build())
        .setConfigProp("log.segment.bytes", Integer.toString(256 << 20))
        .setConfigProp("log.retention.ms", "-1")
        .setConfigProp("offsets.topic.replication.factor", "1")
        .setConfigProp("transaction.state.log.replication.factor", "1")
        .setConfigProp("transaction.state.log.min.isr", "1")
        .setConfigProp("group.initial.rebalance.delay.ms", "0")
        .setDeleteOnClose(true)
        .build();
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      try {
        cluster.close();
      } catch (Exception e) {
        System.err.println("[broker] close failed: " + e);
      }
    }));
    cluster.format();
    cluster.startup();
    cluster.waitForReadyBrokers();
    String bootstrap = cluster.bootstrapServers();
    try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
      admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get();
    }
    long records = load(bootstrap, topic, partitions, data.resolve("input"));
    System.out.println("READY bootstrap=" + bootstrap + " topic=" + topic + " partitions=" + partitions
        + " records=" + records);
    Thread.currentThread().join();
  }

  private static long load(String bootstrap, String topic, int partitions, Path input) throws Exception {
    Properties p = new Properties();
    p.put("bootstrap.servers", bootstrap);
    p.put("acks", "all");
    p.put("enable.idempotence", "true");
    p.put("linger.ms", "10");
    p.put("batch.size", Integer.toString(512 << 10));
    p.put("buffer.memory", Long.toString(128L << 20));
    p.put("key.serializer", ByteArraySerializer.class.getName());
    p.put("value.serializer", ByteArraySerializer.class.getName());
    List<Path> files;
    try (Stream<Path> s = Files.list(input)) {
      files = s.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().collect(Collectors.toList());
    }
    long i = 0;
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(p)) {
      for (Path f : files) {
        try (BufferedReader r = Files.newBufferedReader(f, StandardCharsets.US_ASCII)) {
          for (String line; (line = r.readLine()) != null; i++) {
            producer.send(new ProducerRecord<>(topic, (int) (i % partitions), null,
                line.getBytes(StandardCharsets.US_ASCII)));
          }
        }
      }
      producer.flush();
    }
    return i;
  }
}
