package io.millrace.kafka.sink;

import io.millrace.kafka.EmbeddedKafka;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListTransactionsOptions;
import org.apache.kafka.clients.admin.ProducerState;
import org.apache.kafka.clients.admin.TransactionListing;
import org.apache.kafka.clients.admin.TransactionState;
import org.apache.kafka.common.TopicPartition;

/**
 * What a dead or stopped run may have left open on the broker: transactions of an id prefix not
 * in a final state (listTransactions), and producers with a transaction still open on a
 * partition (describeProducers: a currentTransactionStartOffset holds back read_committed readers).
 */
public final class OpenTransactions {
  private static final Set<TransactionState> SETTLED =
      Set.of(TransactionState.COMPLETE_COMMIT, TransactionState.COMPLETE_ABORT, TransactionState.EMPTY);

  private OpenTransactions() {}

  /** Descriptions of everything still open; empty when nothing is. */
  public static List<String> of(String transactionalIdPrefix, String topic, int partitions) throws Exception {
    List<String> open = new ArrayList<>();
    try (Admin admin = EmbeddedKafka.admin()) {
      for (TransactionListing t : admin.listTransactions(new ListTransactionsOptions()
          .filterOnTransactionalIdPattern(Pattern.quote(transactionalIdPrefix) + ".*")).all().get()) {
        if (!SETTLED.contains(t.state())) {
          open.add(t.transactionalId() + " is " + t.state());
        }
      }
      List<TopicPartition> tps = new ArrayList<>();
      for (int p = 0; p < partitions; p++) {
        tps.add(new TopicPartition(topic, p));
      }
      admin.describeProducers(tps).all().get().forEach((tp, state) -> {
        for (ProducerState s : state.activeProducers()) {
          if (s.currentTransactionStartOffset().isPresent()) {
            open.add(tp + ": producer " + s.producerId() + " has a transaction open since offset "
                + s.currentTransactionStartOffset().getAsLong());
          }
        }
      });
    }
    return open;
  }
}
