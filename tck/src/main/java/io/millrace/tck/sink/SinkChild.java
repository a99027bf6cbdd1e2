package io.millrace.tck.sink;

import io.millrace.spi.data.Schema;
import io.millrace.spi.fault.FaultPoint;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.SinkProvider;
import io.millrace.tck.CrashAt;
import io.millrace.tck.TckContext;
import io.millrace.tck.child.ChildChannel;
import io.millrace.tck.child.ChildPlugins;
import io.millrace.tck.child.ChildTask;
import io.millrace.tck.child.PlainRows;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * K10's child JVM: a sink made from the provider's class name, for the rule's query, writes
 * {@code batches} in order. After {@code haltBatch} returns it reports
 * {@link FaultPoint#AFTER_SINK_WRITE}, as the engine does; the child halts at {@code haltPoint}
 * of {@code haltBatch}, whether the sink or the child reports it. It says {@code wrote N} after
 * each batch that returned.
 */
record SinkChild(String providerClass, Map<String, String> options, String queryId, String schema, OutputMode mode,
    TreeMap<Long, ArrayList<ArrayList<Object>>> batches, FaultPoint haltPoint, long haltBatch) implements ChildTask {
  private static final long serialVersionUID = 1L;

  static SinkChild of(SinkKit kit, String queryId, Map<Long, List<io.millrace.spi.data.Row>> batches, FaultPoint haltPoint,
      long haltBatch) {
    TreeMap<Long, ArrayList<ArrayList<Object>>> plain = new TreeMap<>();
    batches.forEach((id, rows) -> plain.put(id, PlainRows.of(rows)));
    return new SinkChild(kit.provider().getClass().getName(), new HashMap<>(kit.options()), queryId, kit.schema().toDdl(),
        kit.outputMode(), plain, haltPoint, haltBatch);
  }

  @Override
  public void run(ChildChannel channel) throws Exception {
    SinkProvider provider = ChildPlugins.create(providerClass, SinkProvider.class);
    CrashAt crash = CrashAt.haltAt(haltPoint, haltBatch);
    Schema rowSchema = Schema.parse(schema);
    Sink sink = provider.create(TckContext.sink(provider.name(), options, queryId, rowSchema, mode, crash));
    for (Map.Entry<Long, ArrayList<ArrayList<Object>>> batch : batches.entrySet()) {
      TaskDelivery.deliver(sink, batch.getKey(), new RowBatch(rowSchema, PlainRows.rows(batch.getValue())));
      crash.reached(FaultPoint.AFTER_SINK_WRITE, batch.getKey());
      channel.send("wrote " + batch.getKey());
    }
  }
}
