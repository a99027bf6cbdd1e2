package io.millrace.kafka;

import java.nio.file.Files;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One real KRaft broker on loopback for every test class of this JVM that extends with it.
 *
 * <p>A broker takes 11–15 s to format and start on this project's 2-core machines, so it is
 * started once, at the first class that asks, and closed when JUnit closes its root store at
 * the end of the run. Tests share it and isolate themselves by topic: {@link #newTopic} gives
 * each rule a fresh name.
 */
public final class EmbeddedKafka implements BeforeAllCallback {

  private static Broker broker;

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    synchronized (EmbeddedKafka.class) {
      if (broker == null) {
        broker = context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL)
            .getOrComputeIfAbsent(Broker.class, k -> Broker.start(), Broker.class);
      }
    }
  }

  /** {@code host:port} of the running broker; only inside a class extended with this. */
  public static String bootstrapServers() {
    if (broker == null) {
      throw new IllegalStateException("annotate the test class with @ExtendWith(EmbeddedKafka.class)");
    }
    return broker.kit.bootstrapServers();
  }

  /** A new admin client on the broker; the caller closes it. */
  public static Admin admin() {
    return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers()));
  }

  /**
   * Creates a topic with a name no other test uses and returns the name once every partition's
   * leader answers for it. Creation returns before that; an idempotent producer that wrote at
   * once could have its first batch appended but answered NOT_LEADER_OR_FOLLOWER, and its retry
   * was then refused as out of sequence until the send timed out (seen once in the TCK's s09).
   */
  public static String newTopic(String prefix, int partitions) {
    String name = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    try (Admin admin = admin()) {
      admin.createTopics(List.of(new NewTopic(name, partitions, (short) 1))).all().get();
      awaitLeaders(admin, name, partitions);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted creating topic " + name, e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("cannot create topic " + name, e.getCause());
    }
    return name;
  }

  /** Waits until the leader of each partition of {@code topic} answers a list-offsets request. */
  private static void awaitLeaders(Admin admin, String topic, int partitions)
      throws InterruptedException, ExecutionException {
    Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
    for (int p = 0; p < partitions; p++) {
      latest.put(new TopicPartition(topic, p), OffsetSpec.latest());
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (true) {
      try {
        admin.listOffsets(latest).all().get();
        return;
      } catch (ExecutionException e) {
        if (!(e.getCause() instanceof RetriableException) || System.nanoTime() > deadline) {
          throw e;
        }
        Thread.sleep(20);
      }
    }
  }

  /** The broker and its closing, as a resource of JUnit's root store. */
  private static final class Broker implements ExtensionContext.Store.CloseableResource {
    final KafkaClusterTestKit kit;

    private Broker(KafkaClusterTestKit kit) {
      this.kit = kit;
    }

    static Broker start() {
      try {
        KafkaClusterTestKit kit = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder()
                .setCombined(true)
                .setNumBrokerNodes(1)
                .setNumControllerNodes(1)
                .setBaseDirectory(Files.createTempDirectory("millrace-kafka"))
                .build())
            // The kit leaves the internal topics at replication 3, which a single broker cannot
            // create: transactions and group offsets would then hang until max.block.ms.
            .setConfigProp("offsets.topic.replication.factor", "1")
            .setConfigProp("offsets.topic.num.partitions", "1")
            .setConfigProp("transaction.state.log.replication.factor", "1")
            .setConfigProp("transaction.state.log.min.isr", "1")
            .setConfigProp("transaction.state.log.num.partitions", "1")
            .setConfigProp("group.initial.rebalance.delay.ms", "0")
            .setDeleteOnClose(true)
            .build();
        kit.format();
        kit.startup();
        kit.waitForReadyBrokers();
        return new Broker(kit);
      } catch (Exception e) {
        throw new IllegalStateException("cannot start the in-JVM Kafka broker", e);
      }
    }

    @Override
    public void close() throws Exception {
      kit.close();
    }
  }

  /** Producer and consumer settings tests share. */
  static Properties clientProperties() {
    Properties p = new Properties();
    p.put("bootstrap.servers", bootstrapServers());
    return p;
  }
}
