package io.millrace.runtime.exec;

import io.millrace.runtime.Engine;
import io.millrace.runtime.Settings;
import io.millrace.runtime.checkpoint.Checkpoint;
import io.millrace.runtime.plan.QueryPlan;
import io.millrace.runtime.state.StatefulAggregation;
import io.millrace.runtime.state.StatefulDeduplication;
import io.millrace.runtime.state.StatefulOperator;
import io.millrace.spi.PluginContext;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.state.StateStoreProviderFactory;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Sets up a query's stateful operator: checks the state schema recorded in the checkpoint,
 * builds the aggregation or deduplication on the pinned state store provider, and schedules
 * the stores' maintenance.
 */
final class StatefulOperators {
  private StatefulOperators() {}

  static void checkStateSchema(QueryPlan plan, Checkpoint checkpoint) {
    try {
      if (plan.aggregation().isPresent()) {
        StatefulAggregation.checkStateSchema(plan.aggregation().get(), checkpoint.root(), checkpoint.storage());
      }
      if (plan.deduplication().isPresent()) {
        StatefulDeduplication.checkStateSchema(plan.deduplication().get(), checkpoint.root(),
            checkpoint.storage());
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("cannot read the state schema in " + checkpoint.root() + ": " + e.getMessage(), e);
    }
  }

  /** The query's stateful operator, if it has one; records its state schema at the first run. */
  static Optional<StatefulOperator> create(Engine engine, QueryPlan plan, OutputMode mode, Map<String, String> pinned,
      Checkpoint checkpoint) {
    if (!plan.isStateful()) {
      return Optional.empty();
    }
    String providerName = pinned.get(Settings.STATE_PROVIDER);
    StateStoreProviderFactory factory = engine.plugins().stateStore(providerName);
    int partitions = Integer.parseInt(pinned.get(Settings.SHUFFLE_PARTITIONS));
    int maxKeyGroups = Integer.parseInt(pinned.get(Settings.MAX_KEY_GROUPS));
    PluginContext context =
        RuntimePluginContext.forStateStore(engine, "state store '" + factory.name() + "'", checkpoint.queryId());
    try {
      if (plan.deduplication().isPresent()) {
        return Optional.of(new StatefulDeduplication(plan.deduplication().get(), factory,
            checkpoint.root(), checkpoint.storage(), partitions, maxKeyGroups, context, engine.taskPool()));
      }
      return Optional.of(new StatefulAggregation(plan.aggregation().get(), mode, factory, checkpoint.root(),
          checkpoint.storage(), partitions, maxKeyGroups, context, engine.taskPool()));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("cannot record the state schema in " + checkpoint.root() + ": " + e.getMessage(), e);
    }
  }

  /** Snapshots and clean-up of the state stores run beside the batches, never inside them. */
  static ScheduledExecutorService scheduleMaintenance(Optional<StatefulOperator> stateful, Settings settings,
      String queryId) {
    ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "millrace-state-maintenance-" + queryId);
      t.setDaemon(true);
      return t;
    });
    stateful.ifPresent(a -> {
      long every = settings.maintenanceInterval().toMillis();
      executor.scheduleWithFixedDelay(a::maintain, every, every, TimeUnit.MILLISECONDS);
    });
    return executor;
  }
}
