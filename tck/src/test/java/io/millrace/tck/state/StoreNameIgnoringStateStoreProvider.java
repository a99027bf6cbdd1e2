package io.millrace.tck.state;

import io.millrace.spi.PluginContext;
import io.millrace.spi.data.Schema;
import io.millrace.spi.state.StateStoreId;

/**
 * Broken on purpose (T25): it files every store of an operator and partition under the default
 * store's path, ignoring the store name, so the named stores of one partition write each other's
 * version files. Every other rule works on default stores, so only T25 sees it.
 */
final class StoreNameIgnoringStateStoreProvider extends ReferenceStateStoreProvider {

  @Override
  public void init(StateStoreId id, Schema keySchema, Schema valueSchema, PluginContext context) {
    super.init(new StateStoreId(id.checkpointRoot(), id.operatorId(), id.partitionId(), StateStoreId.DEFAULT_STORE_NAME),
        keySchema, valueSchema, context);
  }
}
