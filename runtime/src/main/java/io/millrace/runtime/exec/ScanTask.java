package io.millrace.runtime.exec;

import io.millrace.runtime.Engine;
import io.millrace.spi.Options;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.InputPartition;
import io.millrace.spi.source.PartitionReader;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceProvider;
import java.io.IOException;
import java.io.Serializable;
import java.net.URI;
import java.util.Map;
import java.util.Optional;

/**
 * A task that reads one source partition, as a serializable value: which source (its plugin
 * name, options and user schema, the query and the source's checkpoint directory, which is all
 * its context gives it) and which planned partition of which batch. Another process with the
 * same plugins opens the same source from it and reads the same rows ({@link #open}); the TCK's
 * rule S16 holds every source to that. The stateless pipeline fused into the task is not part of
 * it: a runner in another process would ship the query's plan beside it.
 *
 * @param userSchema the schema given with {@code readStream().schema(..)} as DDL, or null
 */
record ScanTask(String queryId, int sourceIndex, String format, Map<String, String> options, String userSchema,
    URI sourceDir, long batchId, InputPartition partition) implements Serializable {

  ScanTask {
    options = Map.copyOf(options);
  }

  /** The source this task reads, as described; a new instance on {@code engine}. */
  Source openSource(Engine engine) {
    SourceProvider provider = engine.plugins().source(format);
    Options opts = Options.of("source '" + format + "'", options);
    Optional<Schema> schema = Optional.ofNullable(userSchema).map(Schema::parse);
    return PluginOptionException.creatingSource(sourceIndex, () -> provider.create(
        RuntimePluginContext.forSource(engine, opts, queryId, schema, sourceDir)));
  }

  /** A reader of the partition on a new instance of the source, which closing the reader closes. */
  PartitionReader open(Engine engine) throws IOException {
    Source source = openSource(engine);
    PartitionReader reader;
    try {
      reader = source.createReader(partition);
    } catch (IOException | RuntimeException e) {
      source.close();
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
        try (Source s = source) {
          reader.close();
        }
      }
    };
  }

  /** The same task for another partition of another batch. */
  ScanTask of(long batch, InputPartition other) {
    return new ScanTask(queryId, sourceIndex, format, options, userSchema, sourceDir, batch, other);
  }
}
