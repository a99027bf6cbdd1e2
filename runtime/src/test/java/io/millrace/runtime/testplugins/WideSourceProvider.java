package io.millrace.runtime.testplugins;

import io.millrace.spi.Options;
import io.millrace.spi.Spi;
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
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Test source {@code wide}: {@code total} rows {@code (a LONG, b STRING, c DOUBLE, ts TIMESTAMP, g LONG)}
 * = {@code (i, "b" + i, i / 2.0, i seconds, i % 2)}, that prunes columns and remembers, under its option
 * {@code name}, the columns it was asked to read.
 */
public final class WideSourceProvider implements SourceProvider {
  public static final Schema SCHEMA = Schema.parse("a LONG, b STRING, c DOUBLE, ts TIMESTAMP, g LONG");
  private static final Map<String, Schema> PRUNED = new ConcurrentHashMap<>();

  /** The columns source {@code name} was last asked to read, if it was asked. */
  public static Optional<Schema> pruned(String name) {
    return Optional.ofNullable(PRUNED.get(name));
  }

  @Override
  public String name() {
    return "wide";
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  @Override
  public Source create(SourceContext context) {
    Options o = context.options();
    String name = o.require("name");
    PRUNED.remove(name);
    return new WideSource(name, o.getLong("total", 4, 0));
  }

  record Position(long value) implements Offset {
    @Override
    public String json() {
      return Long.toString(value);
    }
  }

  record Range(long start, long end, List<String> columns) implements InputPartition {}

  static final class WideSource implements Source {
    private final String name;
    private final long total;
    private Schema columns = SCHEMA;

    WideSource(String name, long total) {
      this.name = name;
      this.total = total;
    }

    @Override
    public Schema schema() {
      return columns;
    }

    @Override
    public Set<SourceCapability> capabilities() {
      return EnumSet.of(SourceCapability.REPLAYABLE, SourceCapability.COLUMN_PRUNING);
    }

    @Override
    public void pruneColumns(Schema wanted) {
      columns = wanted;
      PRUNED.put(name, wanted);
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
    public Offset latestOffset(Offset start, ReadLimit limit) {
      return new Position(total);
    }

    @Override
    public List<InputPartition> planInputPartitions(Offset start, Offset end) {
      return List.of(new Range(((Position) start).value(), ((Position) end).value(), columns.names()));
    }

    @Override
    public PartitionReader createReader(InputPartition partition) {
      Range range = (Range) partition;
      return new PartitionReader() {
        private long next = range.start() - 1;

        @Override
        public boolean next() {
          return ++next < range.end();
        }

        @Override
        public Row get() {
          Object[] values = new Object[range.columns().size()];
          for (int i = 0; i < values.length; i++) {
            values[i] = switch (range.columns().get(i)) {
              case "a" -> next;
              case "b" -> "b" + next;
              case "c" -> next / 2.0;
              case "g" -> next % 2;
              default -> next * 1_000_000L;
            };
          }
          return Row.wrap(values);
        }

        @Override
        public void close() {}
      };
    }
  }
}
