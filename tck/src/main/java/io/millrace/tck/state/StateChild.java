package io.millrace.tck.state;

import io.millrace.spi.fault.FaultPoint;
import io.millrace.spi.state.StateStoreId;
import io.millrace.spi.state.StateStoreProvider;
import io.millrace.spi.state.StateStoreProviderFactory;
import io.millrace.tck.CrashAt;
import io.millrace.tck.TckContext;
import io.millrace.tck.child.ChildChannel;
import io.millrace.tck.child.ChildPlugins;
import io.millrace.tck.child.ChildTask;
import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * T24's child JVM: a provider made from the factory's class name commits {@code first} as
 * version 1, then commits {@code second} as version 2 and halts at
 * {@link FaultPoint#INSIDE_STATE_COMMIT} of version 2. It says {@code committed 1} after the
 * first commit and, if the point never comes, {@code committed 2}.
 */
record StateChild(String factoryClass, Map<String, String> options, String root, int partition,
    List<Change> first, List<Change> second) implements ChildTask {
  private static final long serialVersionUID = 1L;

  static StateChild of(StateStoreKit kit, StateStoreId id, List<Change> first, List<Change> second) {
    return new StateChild(kit.factory().getClass().getName(), new HashMap<>(kit.baseOptions()),
        id.checkpointRoot().toString(), id.partitionId(), List.copyOf(first), List.copyOf(second));
  }

  @Override
  public void run(ChildChannel channel) throws Exception {
    StateStoreProviderFactory factory = ChildPlugins.create(factoryClass, StateStoreProviderFactory.class);
    StateStoreId id = new StateStoreId(URI.create(root), 0, partition, StateStoreId.DEFAULT_STORE_NAME);
    StateStoreProvider provider = factory.create();
    provider.init(id, StateHarness.KEY_SCHEMA, StateHarness.VALUE_SCHEMA, TckContext.plugin("state store '"
        + factory.name() + "'", options, CrashAt.haltAt(FaultPoint.INSIDE_STATE_COMMIT, 2)));
    StateData.commit("T24", provider, 0, first);
    channel.send("committed 1");
    StateData.commit("T24", provider, 1, second);
    channel.send("committed 2");
  }
}
