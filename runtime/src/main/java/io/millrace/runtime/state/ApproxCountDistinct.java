package io.millrace.runtime.state;

import io.millrace.api.AnalysisException;
import io.millrace.runtime.expr.AggregateCall;
import io.millrace.runtime.expr.BoundExpression;
import io.millrace.runtime.expr.SparkHash;
import io.millrace.spi.CorruptFileException;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * {@code approx_count_distinct(x[, relativeSD])}: Spark's HyperLogLog++ estimate of how many
 * distinct non-NULL values x took ({@link HyperLogLogPlusPlus}), each hashed as Spark's
 * {@code xxhash64} hashes it (so -0.0 is 0.0 and every NaN one value). A group's registers are a
 * {@code long[]} (none until its first value) and its state one BINARY field of their bytes: 416
 * bytes at the default relativeSD of 0.05. Merging keeps each register's greater value, so
 * partial results combine exactly.
 */
final class ApproxCountDistinct extends Aggregator {
  private final HyperLogLogPlusPlus sketch;
  private final DataType type;

  private ApproxCountDistinct(String name, BoundExpression argument, HyperLogLogPlusPlus sketch) {
    super(name, argument);
    this.sketch = sketch;
    this.type = argument.type();
  }

  static ApproxCountDistinct of(AggregateCall call, String name, BoundExpression argument) {
    if (!SparkHash.hashable(argument.type())) {
      throw new AnalysisException(call + ": cannot count distinct values of type " + argument.type()
          + " (a MAP cannot be hashed: equal maps may hold their entries in different orders)");
    }
    if (call.more().size() > 1) {
      throw new AnalysisException(call + " takes a value and at most a relativeSD");
    }
    double relativeSD = HyperLogLogPlusPlus.DEFAULT_RELATIVE_SD;
    if (!call.more().isEmpty()) {
      AggregateArguments.Constant c = AggregateArguments.constants(call, List.of("relativeSD")).get(0);
      if (c.value() instanceof Double d) {
        relativeSD = d;
      } else if (c.value() instanceof BigDecimal d) {
        relativeSD = d.doubleValue();
      } else {
        throw new AnalysisException(call + ": its relativeSD must be a number with a fraction, such as 0.01 (as "
            + "Spark's, the second argument should be a double literal), not " + call.more().get(0));
      }
    }
    return new ApproxCountDistinct(name, argument, HyperLogLogPlusPlus.forRelativeSD(relativeSD, call.toString()));
  }

  List<Field> bufferFields() {
    return List.of(Field.of(name, DataType.BINARY));
  }

  DataType resultType() {
    return DataType.LONG;
  }

  @Override
  boolean nullableResult() {
    return false;
  }

  @Override
  boolean keepsObjects() {
    return true;
  }

  /** No registers until the first value: buffers are copied from an empty one, which must share none. */
  void init(AggBuffer b) {
    b.objects[offset] = null;
  }

  void update(AggBuffer b, Object value) {
    sketch.add(registers(b), SparkHash.xxhash64(value, type));
  }

  private long[] registers(AggBuffer b) {
    long[] registers = (long[]) b.objects[offset];
    if (registers == null) {
      registers = new long[sketch.words()];
      b.objects[offset] = registers;
    }
    return registers;
  }

  void merge(AggBuffer b, AggBuffer o) {
    long[] other = (long[]) o.objects[offset];
    if (other != null) {
      sketch.merge(registers(b), other);
    }
  }

  Object result(AggBuffer b) {
    long[] registers = (long[]) b.objects[offset];
    return registers == null ? 0L : sketch.estimate(registers);
  }

  void save(AggBuffer b, Object[] row) {
    long[] registers = (long[]) b.objects[offset];
    if (registers == null) {
      row[offset] = null;
      return;
    }
    ByteBuffer bytes = ByteBuffer.allocate(registers.length * Long.BYTES);
    bytes.asLongBuffer().put(registers);
    row[offset] = bytes.array();
  }

  void load(Row row, AggBuffer b) {
    if (row.isNullAt(offset)) {
      b.objects[offset] = null;
      return;
    }
    byte[] bytes = (byte[]) row.get(offset);
    if (bytes.length != sketch.words() * Long.BYTES) {
      throw new CorruptFileException("state", name + " holds " + bytes.length + " bytes of HyperLogLog++ registers "
          + "where this query's relativeSD (precision " + sketch.precision() + ") keeps " + sketch.words() * Long.BYTES
          + ": was the relativeSD changed since the checkpoint was written? Use a new checkpoint for a new relativeSD");
    }
    long[] registers = new long[sketch.words()];
    ByteBuffer.wrap(bytes).asLongBuffer().get(registers);
    b.objects[offset] = registers;
  }
}
