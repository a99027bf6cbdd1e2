package io.millrace.it;

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
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Test source {@code keyRange}: the rows {@code key = 0 .. total-1} ({@code key LONG NOT NULL}),
 * at most {@code rowsPerBatch} a batch, split into {@code numPartitions}. Rows are computed from
 * their offset, never held, so a query over millions of distinct keys costs the source nothing
 * on the heap; the data is fixed, so the available-now trigger ends after the last row. With
 * {@code keyColumnFile}, the column is named by that file's text, read when the source is created
 * (a table whose schema changes between reads).
 */
public final class KeyRangeSourceProvider implements SourceProvider {
  @Override
  public String name() {
    return "keyRange";
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  @Override
  public Source create(SourceContext context) {
    Options o = context.options();
    String column = o.get("keyColumnFile").map(file -> {
      try {
        return java.nio.file.Files.readString(java.nio.file.Path.of(file)).trim();
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }).orElse("key");
    return new KeyRange(o.getLong("total", 1000, 0), o.getLong("rowsPerBatch", 100_000, 1), o.getInt("numPartitions", 1),
        column);
  }

  /** How many keys were read: the next batch starts at {@code key = next}. */
  record Position(long next) implements Offset {
    @Override
    public String json() {
      return Long.toString(next);
    }
  }

  /** The keys {@code from} (inclusive) to {@code until} (exclusive). */
  record Slice(long from, long until) implements InputPartition {}

  private record KeyRange(long total, long rowsPerBatch, int numPartitions, String column) implements Source {
    @Override
    public Schema schema() {
      return Schema.of(new Field(column, DataType.LONG, false));
    }

    @Override
    public Set<SourceCapability> capabilities() {
      return EnumSet.of(SourceCapability.REPLAYABLE, SourceCapability.RATE_LIMIT, SourceCapability.AVAILABLE_NOW,
          SourceCapability.ORDERED);
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
      long from = ((Position) start).next();
      return new Position(Math.min(total, from + limit.maxRows().orElse(Long.MAX_VALUE)));
    }

    /** Every row exists from the start: nothing to fix. */
    @Override
    public void prepareForAvailableNow() {}

    @Override
    public List<InputPartition> planInputPartitions(Offset start, Offset end) {
      long from = ((Position) start).next();
      long until = ((Position) end).next();
      List<InputPartition> slices = new ArrayList<>();
      for (int i = 0; i < numPartitions; i++) {
        long a = from + (until - from) * i / numPartitions;
        long b = from + (until - from) * (i + 1) / numPartitions;
        if (a < b) {
          slices.add(new Slice(a, b));
        }
      }
      return slices;
    }

    @Override
    public PartitionReader createReader(InputPartition partition) {
      Slice slice = (Slice) partition;
      return new PartitionReader() {
        private long key = slice.from() - 1;

        @Override
        public boolean next() {
          return ++key < slice.until();
        }

        @Override
        public Row get() {
          return Row.of(key);
        }

        @Override
        public void close() {}
      };
    }
  }
}
