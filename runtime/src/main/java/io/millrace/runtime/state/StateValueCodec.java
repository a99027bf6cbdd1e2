package io.millrace.runtime.state;

import io.millrace.spi.CorruptFileException;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Schema;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Encodes a group's running values straight from its {@link AggBuffer} into the bytes of its
 * state row, and back, for aggregations whose values are all numbers (count, sum, avg): the
 * bytes are exactly those {@link RowCodec} writes for {@link AggregationPlan#stateRow}, without
 * the boxed row in between, which every touched group of every batch made and dropped.
 * Aggregations that keep objects (min, max) go through the row.
 *
 * <p>Each slot of such a buffer is one LONG or DOUBLE field of the state row, null where the
 * buffer's null flag is set: a presence byte and, when present, eight bytes big-endian, a
 * DOUBLE as {@link Double#doubleToLongBits} writes it (one NaN for every NaN), as RowCodec does.
 */
final class StateValueCodec {
  private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  private final AggregationPlan plan;
  private final RowCodec rows;
  /** Per slot: whether it holds a DOUBLE's bits; null when the values go through rows. */
  private final boolean[] doubles;
  private final boolean[] nullable;
  private final Schema schema;

  StateValueCodec(AggregationPlan plan) {
    this.plan = plan;
    this.schema = plan.valueSchema();
    this.rows = new RowCodec(schema);
    int n = schema.size();
    boolean direct = !plan.keepsObjects();
    boolean[] isDouble = new boolean[n];
    nullable = new boolean[n];
    for (int i = 0; i < n; i++) {
      DataType.Kind kind = schema.field(i).type().kind();
      direct &= kind == DataType.Kind.LONG || kind == DataType.Kind.DOUBLE;
      isDouble[i] = kind == DataType.Kind.DOUBLE;
      nullable[i] = schema.field(i).nullable();
    }
    this.doubles = direct ? isDouble : null;
  }

  /** Whether buffers are encoded without a row; tests check both paths. */
  boolean direct() {
    return doubles != null;
  }

  byte[] encode(AggBuffer buffer) {
    if (doubles == null) {
      return rows.encode(plan.stateRow(buffer));
    }
    int n = doubles.length;
    int size = 0;
    for (int s = 0; s < n; s++) {
      size += buffer.isNull(s) ? 1 : 9;
    }
    byte[] out = new byte[size];
    int pos = 0;
    for (int s = 0; s < n; s++) {
      if (buffer.isNull(s)) {
        pos++; // presence byte 0
        continue;
      }
      long word = buffer.words[s];
      out[pos] = 1;
      LONG.set(out, pos + 1, doubles[s] ? Double.doubleToLongBits(Double.longBitsToDouble(word)) : word);
      pos += 9;
    }
    return out;
  }

  AggBuffer decode(byte[] bytes) {
    if (doubles == null) {
      return plan.buffer(rows.decode(bytes));
    }
    AggBuffer buffer = plan.newBuffer();
    int pos = 0;
    for (int s = 0; s < doubles.length; s++) {
      if (pos >= bytes.length) {
        throw corrupt("it ends after " + bytes.length + " bytes");
      }
      if (bytes[pos] == 0) {
        if (!nullable[s]) {
          throw corrupt("field '" + schema.field(s).name() + "' is NOT NULL but null");
        }
        buffer.words[s] = 0;
        buffer.setNull(s, true);
        pos++;
        continue;
      }
      if (pos + 9 > bytes.length) {
        throw corrupt("it ends after " + bytes.length + " bytes");
      }
      long word = (long) LONG.get(bytes, pos + 1);
      // As loading the row's boxed Double did: the raw bits of the value the bits decode to.
      buffer.words[s] = doubles[s] ? Double.doubleToRawLongBits(Double.longBitsToDouble(word)) : word;
      buffer.setNull(s, false);
      pos += 9;
    }
    if (pos != bytes.length) {
      throw corrupt((bytes.length - pos) + " unexpected bytes after it");
    }
    return buffer;
  }

  private CorruptFileException corrupt(String what) {
    return new CorruptFileException("state", "a value does not decode as " + schema + ": " + what);
  }
}
