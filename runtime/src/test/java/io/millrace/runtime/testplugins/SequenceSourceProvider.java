package io.millrace.runtime.testplugins;

import io.millrace.spi.Options;
import io.millrace.spi.Spi;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.InputPartition;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.PartitionReader;
import io.millrace.spi.source.ReadLimit;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceCapability;
import io.millrace.spi.source.SourceContext;
import io.millrace.spi.source.SourceProvider;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Test source {@code sequence}: rows {@code 0 .. total-1} with schema {@code id LONG}, the same in
 * every process, so a restarted child JVM replays exactly.
 */
public final class SequenceSourceProvider implements SourceProvider {
  @Override
  public String name() {
    return "sequence";
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  @Override
  public Source create(SourceContext context) {
    Options o = context.options();
    return new SequenceSource(o.getLong("total", 20, 0), o.getLong("rowsPerBatch", 5, 1));
  }

  record Position(long value) implements Offset {
    @Override
    public String json() {
      return Long.toString(value);
    }
  }

  record Range(long start, long end) implements InputPartition {}

  static final class SequenceSource implements Source {
    private final long total;
    private final long rowsPerBatch;

    SequenceSource(long total, long rowsPerBatch) {
      this.total = total;
      this.rowsPerBatch = rowsPerBatch;
    }

    @Override
    public Schema schema() {
      return Schema.of(new Field("id", DataType.LONG, false));
    }

    @Override
    public Set<SourceCapability> capabilities() {
      return EnumSet.of(SourceCapability.REPLAYABLE, SourceCapability.RATE_LIMIT);
    }

    @Override
    public Offset initialOffset() {
      return new Position(0);
    }

    @Override
    public Offset deserializeOffset(String json) {
      return new Position(Long.parseLong(json.trim()));
    }

    @Override
    public ReadLimit defaultReadLimit() {
      return ReadLimit.maxRows(rowsPerBatch);
    }

    @Override
    public Offset latestOffset(Offset start, ReadLimit limit) {
      long from = ((Position) start).value();
      return new Position(Math.min(total, from + limit.maxRows().orElse(Long.MAX_VALUE)));
    }

    @Override
    public List<InputPartition> planInputPartitions(Offset start, Offset end) {
      return List.of(new Range(((Position) start).value(), ((Position) end).value()));
    }

    @Override
    public PartitionReader createReader(InputPartition partition) {
      Range r = (Range) partition;
      return new PartitionReader() {
        long next = r.start();

        @Override
        public boolean next() {
          return next++ < r.end();
        }

        @Override
        public Row get() {
          return Row.of(next - 1);
        }

        @Override
        public void close() {}
      };
    }
  }
}
