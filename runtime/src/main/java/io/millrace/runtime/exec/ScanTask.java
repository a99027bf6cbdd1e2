package io.millrace.runtime.exec;

import io.millrace.runtime.Engine;
import io.millrace.spi.data.Row;
import io.millrace.spi.source.InputPartition;
import io.millrace.spi.source.PartitionReader;
import io.millrace.spi.source.Source;
import java.io.IOException;
import java.io.Serializable;

/**
 * A task that reads one source partition, as a serializable value: which source, which batch,
 * which planned partition. Another process with the same plugins opens the same source from it
 * and reads the same rows ({@link #open}); the TCK's rule S16 holds every source to that. The
 * stateless pipeline fused into the task is not part of it: a runner in another process would
 * ship the query's plan beside it.
 */
record ScanTask(SourceDescription source, long batchId, InputPartition partition) implements Serializable {

  /** A reader of the partition on a new instance of the source, which closing the reader closes. */
  PartitionReader open(Engine engine) throws IOException {
    Source instance = source.open(engine);
    PartitionReader reader;
    try {
      reader = instance.createReader(partition);
    } catch (IOException | RuntimeException e) {
      instance.close();
      throw e;
    }
    return new PartitionReader() {
      @Override
      public boolean next() throws IOException {
        return reader.next();
      }

      @Override
      public Row get() {
        return reader.get();
      }

      @Override
      public void close() throws IOException {
        try (Source s = instance) {
          reader.close();
        }
      }
    };
  }
}
