package io.millrace.runtime.state;

import io.millrace.spi.PluginContext;
import io.millrace.spi.data.Schema;
import io.millrace.spi.state.StateStoreId;
import io.millrace.spi.state.StateStoreProvider;
import io.millrace.spi.state.StateStoreProviderFactory;
import java.net.URI;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The state store providers of one store of a stateful operator (its default store, or a
 * named one), one per shuffle partition, opened when the query starts and kept for its life so
 * their caches carry from batch to batch. Opened at start, not at first use: a provider's start
 * cleans up after a process that died writing (temporary files of a snapshot, say), and a
 * restart with no new input runs no batch.
 */
public final class PartitionStores implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(PartitionStores.class);

  private final StateStoreProvider[] providers;
  private final StateStoreProviderFactory factory;
  private final URI checkpoint;
  private final long operatorId;
  private final String storeName;
  private final Schema keySchema;
  private final Schema valueSchema;
  private final PluginContext context;
  private final AtomicLong maintenanceFailures = new AtomicLong();

  PartitionStores(StateStoreProviderFactory factory, URI checkpoint, long operatorId, int partitions, Schema keySchema,
      Schema valueSchema, PluginContext context) {
    this(factory, checkpoint, operatorId, StateStoreId.DEFAULT_STORE_NAME, partitions, keySchema, valueSchema, context);
  }

  /** The stores named {@code storeName} of every partition of the operator. */
  public PartitionStores(StateStoreProviderFactory factory, URI checkpoint, long operatorId, String storeName,
      int partitions, Schema keySchema, Schema valueSchema, PluginContext context) {
    this.factory = factory;
    this.storeName = storeName;
    this.checkpoint = checkpoint;
    this.operatorId = operatorId;
    this.providers = new StateStoreProvider[partitions];
    this.keySchema = keySchema;
    this.valueSchema = valueSchema;
    this.context = context;
    try {
      for (int p = 0; p < partitions; p++) {
        provider(p);
      }
    } catch (RuntimeException | Error e) {
      close();
      throw e;
    }
  }

  public synchronized StateStoreProvider provider(int partition) {
    StateStoreProvider p = providers[partition];
    if (p == null) {
      p = factory.create();
      p.init(new StateStoreId(checkpoint, operatorId, partition, storeName), keySchema, valueSchema, context);
      providers[partition] = p;
    }
    return p;
  }

  /**
   * Runs every store's maintenance. One store's failure is logged and counted; it never stops
   * the others or the query.
   */
  public void maintain() {
    StateStoreProvider[] open;
    synchronized (this) {
      open = providers.clone();
    }
    for (int p = 0; p < open.length; p++) {
      if (open[p] == null) {
        continue;
      }
      try {
        open[p].doMaintenance();
      } catch (Exception | LinkageError e) {
        maintenanceFailures.incrementAndGet();
        LOG.warn("Maintenance of state store (operator {}, partition {}, store {}) failed; the query goes on", operatorId,
            p, storeName, e);
      }
    }
  }

  public long maintenanceFailures() {
    return maintenanceFailures.get();
  }

  @Override
  public synchronized void close() {
    for (StateStoreProvider p : providers) {
      if (p != null) {
        try {
          p.close();
        } catch (RuntimeException e) {
          LOG.warn("Closing a state store provider failed", e);
        }
      }
    }
  }
}
