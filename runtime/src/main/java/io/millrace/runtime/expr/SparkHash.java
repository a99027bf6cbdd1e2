package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * {@code hash(a, ..)} (Spark's Murmur3, an INT) and {@code xxhash64(a, ..)} (XXH64, a BIGINT),
 * seed 42, with Spark's results for the same values: each argument's hash seeds the next one's,
 * a NULL leaves the hash as it is (so {@code hash(NULL)} is 42); BOOLEAN hashes as the int 1 or
 * 0, TINYINT, SMALLINT, INT and DATE (days) as an int, BIGINT and the timestamps (microseconds)
 * as a long, FLOAT and DOUBLE by their bits with -0.0 as 0.0, a DECIMAL of up to 18 digits by
 * its unscaled long and a wider one by its unscaled value's two's-complement bytes, STRING by
 * its UTF-8 bytes, BINARY by its bytes, and an ARRAY or STRUCT element by element (field by
 * field), each seeding the next. A MAP is refused, as in Spark: equal maps may hold their
 * entries in different orders.
 */
public final class SparkHash extends FunctionCall {
  private static final long SEED = 42;

  /** Which hash, named as the SQL function. */
  public enum Algorithm {
    MURMUR3("hash", DataType.INT) {
      @Override
      long hashInt(int value, long seed) {
        return SparkMurmur3.hashInt(value, (int) seed);
      }

      @Override
      long hashLong(long value, long seed) {
        return SparkMurmur3.hashLong(value, (int) seed);
      }

      @Override
      long hashBytes(byte[] value, long seed) {
        return SparkMurmur3.hashBytes(value, (int) seed);
      }
    },
    XXHASH64("xxhash64", DataType.LONG) {
      @Override
      long hashInt(int value, long seed) {
        return XxHash64.hashInt(value, seed);
      }

      @Override
      long hashLong(long value, long seed) {
        return XxHash64.hashLong(value, seed);
      }

      @Override
      long hashBytes(byte[] value, long seed) {
        return XxHash64.hashBytes(value, seed);
      }
    };

    private final String sqlName;
    private final DataType type;

    Algorithm(String sqlName, DataType type) {
      this.sqlName = sqlName;
      this.type = type;
    }

    abstract long hashInt(int value, long seed);

    abstract long hashLong(long value, long seed);

    abstract long hashBytes(byte[] value, long seed);
  }

  private final Algorithm algorithm;

  public SparkHash(Algorithm algorithm, List<Expression> args) {
    super(algorithm.sqlName, args);
    this.algorithm = algorithm;
  }

  @Override
  public BoundExpression bind(Schema input) {
    if (args.isEmpty()) {
      throw TypeCoercion.error(this, functionName() + " needs at least one argument");
    }
    BoundExpression[] bound = new BoundExpression[args.size()];
    for (int i = 0; i < bound.length; i++) {
      bound[i] = args.get(i).bind(input);
      if (!TypeCoercion.isUntypedNull(bound[i]) && containsMap(bound[i].type())) {
        throw TypeCoercion.error(this, args.get(i) + " is " + bound[i].type() + ": a MAP cannot be hashed, since "
            + "equal maps may hold their entries in different orders (as in Spark)");
      }
    }
    return new Bound(algorithm, bound);
  }

  private static boolean containsMap(DataType type) {
    switch (type.kind()) {
      case MAP: return true;
      case ARRAY: return containsMap(type.elementType());
      case STRUCT: return type.fields().fields().stream().anyMatch(f -> containsMap(f.type()));
      default: return false;
    }
  }

  /** Spark's {@code xxhash64} of one value of {@code type}, seed 42: what approx_count_distinct hashes. */
  public static long xxhash64(Object value, DataType type) {
    return hash(Algorithm.XXHASH64, value, type, SEED);
  }

  /** Whether values of {@code type} can be hashed: all but maps and what holds one. */
  public static boolean hashable(DataType type) {
    return !containsMap(type);
  }

  /** The hash of {@code value}, of {@code type}, seeded with {@code seed}: {@code seed} for NULL. */
  static long hash(Algorithm algorithm, Object value, DataType type, long seed) {
    if (value == null) {
      return seed;
    }
    switch (type.kind()) {
      case BOOLEAN: return algorithm.hashInt((Boolean) value ? 1 : 0, seed);
      case BYTE: return algorithm.hashInt((Byte) value, seed);
      case SHORT: return algorithm.hashInt((Short) value, seed);
      case INT: case DATE: return algorithm.hashInt((Integer) value, seed);
      case LONG: case TIMESTAMP: case TIMESTAMP_NTZ: return algorithm.hashLong((Long) value, seed);
      case FLOAT: {
        float f = (Float) value;
        return algorithm.hashInt(f == 0.0f ? 0 : Float.floatToIntBits(f), seed);
      }
      case DOUBLE: {
        double d = (Double) value;
        return algorithm.hashLong(d == 0.0d ? 0L : Double.doubleToLongBits(d), seed);
      }
      case DECIMAL: {
        java.math.BigInteger unscaled = ((BigDecimal) value).setScale(type.scale()).unscaledValue();
        return type.precision() <= 18
            ? algorithm.hashLong(unscaled.longValueExact(), seed) : algorithm.hashBytes(unscaled.toByteArray(), seed);
      }
      case STRING: return algorithm.hashBytes(((String) value).getBytes(StandardCharsets.UTF_8), seed);
      case BINARY: return algorithm.hashBytes((byte[]) value, seed);
      case ARRAY: {
        long h = seed;
        for (Object element : (List<?>) value) {
          h = hash(algorithm, element, type.elementType(), h);
        }
        return h;
      }
      case STRUCT: {
        long h = seed;
        Row row = (Row) value;
        List<Field> fields = type.fields().fields();
        for (int i = 0; i < fields.size(); i++) {
          h = hash(algorithm, row.get(i), fields.get(i).type(), h);
        }
        return h;
      }
      default: throw new IllegalStateException("cannot hash " + type);
    }
  }

  private static final class Bound extends BoundNode {
    private final Algorithm algorithm;
    private final BoundExpression[] args;

    Bound(Algorithm algorithm, BoundExpression[] args) {
      super(algorithm.type, false);
      this.algorithm = algorithm;
      this.args = args;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      long h = SEED;
      for (BoundExpression arg : args) {
        h = hash(algorithm, arg.eval(row, context), arg.type(), h);
      }
      return algorithm == Algorithm.MURMUR3 ? (Object) (int) h : (Object) h;
    }
  }
}
