package io.millrace.tck.sink;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.fault.FaultPoint;
import io.millrace.spi.sink.Batch;
import io.millrace.tck.SimulatedCrash;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * A batch whose iterator hands out the first {@code crashAfter} rows and then throws
 * {@link SimulatedCrash}: the process dies while the sink is part-way through the batch.
 */
record CrashingBatch(long batchId, Schema schema, List<Row> rows, int crashAfter) implements Batch {

  @Override
  public long numRows() {
    return rows.size();
  }

  @Override
  public Iterator<Row> iterator() {
    return new Iterator<>() {
      private int next;

      @Override
      public boolean hasNext() {
        return next < rows.size();
      }

      @Override
      public Row next() {
        if (next >= rows.size()) {
          throw new NoSuchElementException();
        }
        if (next == crashAfter) {
          throw new SimulatedCrash(FaultPoint.INSIDE_SINK_WRITE, "batch " + batchId + ", after " + crashAfter + " of "
              + rows.size() + " rows were handed to the sink");
        }
        return rows.get(next++);
      }
    };
  }
}
