package io.millrace.sink.delta;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.sink.Batch;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.sink.Sink;
import io.millrace.tck.TckContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** Small helpers the sink's unit tests share: batches, sinks on a path, file listings. */
final class Batches {
  private Batches() {}

  static Batch of(Schema schema, List<Row> rows) {
    return new Batch() {
      @Override
      public Schema schema() {
        return schema;
      }

      @Override
      public long numRows() {
        return rows.size();
      }

      @Override
      public Iterator<Row> iterator() {
        return rows.iterator();
      }
    };
  }

  /** A batch that fails the test if the sink reads any of its rows. */
  static Batch untouchable(Schema schema) {
    return new Batch() {
      @Override
      public Schema schema() {
        return schema;
      }

      @Override
      public long numRows() {
        return 1;
      }

      @Override
      public Iterator<Row> iterator() {
        throw new AssertionError("the sink read the rows of a batch it should have skipped");
      }
    };
  }

  static Sink sink(Map<String, String> options, String queryId, Schema schema, OutputMode mode, FaultInjector faults) {
    return new DeltaSinkProvider().create(TckContext.sink("delta", options, queryId, schema, mode, faults));
  }

  static Sink sink(Map<String, String> options, Schema schema, OutputMode mode) {
    return sink(options, "query-1", schema, mode, FaultInjector.NONE);
  }

  /** Every Parquet data file under {@code table}, outside the log. */
  static List<Path> parquetFiles(Path table) throws IOException {
    if (!Files.exists(table)) {
      return List.of();
    }
    try (Stream<Path> files = Files.walk(table)) {
      return files.filter(p -> p.getFileName().toString().endsWith(".parquet"))
          .filter(p -> !p.toString().contains("_delta_log"))
          .sorted()
          .toList();
    }
  }
}
