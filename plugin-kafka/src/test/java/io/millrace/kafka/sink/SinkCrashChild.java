package io.millrace.kafka.sink;

import io.millrace.spi.data.Schema;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.fault.FaultPoint;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.sink.Sink;
import io.millrace.tck.TckContext;
import io.millrace.tck.child.ChildChannel;
import io.millrace.tck.child.ChildTask;
import io.millrace.tck.child.PlainRows;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A child JVM that writes {@code batches} through the Kafka sink in three tasks each, reporting
 * {@link FaultPoint#AFTER_SINK_WRITE} after each commit as the engine does before its commit log,
 * and halts (exit 137: no finally blocks, no producer close) at the {@code occurrence}-th report
 * of {@code point} for batch {@code haltBatch}.
 */
record SinkCrashChild(HashMap<String, String> options, String queryId, String schema,
    TreeMap<Long, ArrayList<ArrayList<Object>>> batches, FaultPoint point, int occurrence, long haltBatch)
    implements ChildTask {
  private static final long serialVersionUID = 1L;

  @Override
  public void run(ChildChannel channel) throws Exception {
    AtomicInteger seen = new AtomicInteger();
    FaultInjector halt = (reached, id) -> {
      if (reached == point && id == haltBatch && seen.incrementAndGet() == occurrence) {
        Runtime.getRuntime().halt(137);
      }
    };
    Schema rowSchema = Schema.parse(schema);
    Sink sink = new KafkaSinkProvider().create(TckContext.sink("kafka", options, queryId, rowSchema, OutputMode.APPEND,
        halt));
    for (Map.Entry<Long, ArrayList<ArrayList<Object>>> batch : batches.entrySet()) {
      SinkTasks.write(sink, batch.getKey(), PlainRows.rows(batch.getValue()), 3);
      halt.reached(FaultPoint.AFTER_SINK_WRITE, batch.getKey());
      channel.send("wrote " + batch.getKey());
    }
  }
}
