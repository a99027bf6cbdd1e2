package io.millrace.runtime.exec;

import io.millrace.runtime.Engine;
import io.millrace.runtime.Settings;
import io.millrace.runtime.checkpoint.Checkpoint;
import io.millrace.spi.PluginContext;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.state.StateStoreProviderFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Sets up a query's stateful operators: checks the state each one finds in the checkpoint,
 * opens them on the pinned state store provider, and schedules the stores' maintenance.
 */
final class StatefulOperators {
  private StatefulOperators() {}

  /** What the operators open their state with; null for a query without one. */
  static StateContext context(Engine engine, PhysicalPlan plan, OutputMode mode, Map<String, String> pinned,
      Checkpoint checkpoint) {
    if (!plan.isStateful()) {
      return null;
    }
    StateStoreProviderFactory factory = engine.plugins().stateStore(pinned.get(Settings.STATE_PROVIDER));
    PluginContext context =
        RuntimePluginContext.forStateStore(engine, "state store '" + factory.name() + "'", checkpoint.queryId());
    return new StateContext(factory, checkpoint.root(), checkpoint.storage(),
        Integer.parseInt(pinned.get(Settings.SHUFFLE_PARTITIONS)), Integer.parseInt(pinned.get(Settings.MAX_KEY_GROUPS)),
        context, engine.taskPool(), mode, engine.settings().exchangeEncoded());
  }

  /** Fails, writing nothing, if any operator's state in the checkpoint was written under other schemas. */
  static void checkState(PhysicalPlan plan, StateContext context, Checkpoint checkpoint) {
    try {
      for (StatefulExec op : plan.stateful()) {
        op.check(context);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the state schema in " + checkpoint.root() + ": " + e.getMessage(), e);
    }
  }

  /** Opens every operator's state, recording its schema at the first run; all or none stay open. */
  static void start(PhysicalPlan plan, StateContext context, Checkpoint checkpoint) {
    List<StatefulExec> ops = plan.stateful();
    int started = 0;
    try {
      for (StatefulExec op : ops) {
        op.start(context);
        started++;
      }
    } catch (IOException e) {
      ops.subList(0, started).forEach(StatefulExec::close);
      throw new UncheckedIOException("cannot record the state schema in " + checkpoint.root() + ": " + e.getMessage(), e);
    } catch (RuntimeException | Error e) {
      ops.subList(0, started).forEach(StatefulExec::close);
      throw e;
    }
  }

  /** Snapshots and clean-up of the state stores run beside the batches, never inside them. */
  static ScheduledExecutorService scheduleMaintenance(PhysicalPlan plan, Settings settings, String queryId) {
    ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "millrace-state-maintenance-" + queryId);
      t.setDaemon(true);
      return t;
    });
    if (plan.isStateful()) {
      long every = settings.maintenanceInterval().toMillis();
      executor.scheduleWithFixedDelay(() -> plan.stateful().forEach(StatefulExec::maintain), every, every,
          TimeUnit.MILLISECONDS);
    }
    return executor;
  }
}
