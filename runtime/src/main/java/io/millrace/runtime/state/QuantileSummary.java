package io.millrace.runtime.state;

import io.millrace.spi.CorruptFileException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The Greenwald-Khanna quantile summary ("Space-efficient Online Computation of Quantile
 * Summaries", 2001) as Spark's {@code percentile_approx} keeps it, step for step, so that the
 * answers are Spark's also where compression has thrown values away: samples (value, g, delta)
 * in value order; new values gathered in a head buffer of 50 000 and inserted sorted, each with
 * a delta of {@code floor(2 eps n)} unless it becomes the smallest or the largest; a compression
 * (merging a sample into the next while their g's and the next's delta stay under
 * {@code 2 eps n}) after an insert leaves 10 000 samples or more, before a merge, a query or a
 * save (where Spark serializes its buffer); merges that widen the deltas of samples that
 * interleave the other side's. The compressed flag follows Spark's: a compression changes the
 * samples only where one is due, so where it happens decides the answer.
 */
final class QuantileSummary {
  private static final int COMPRESS_THRESHOLD = 10_000;
  private static final int HEAD_SIZE = 50_000;

  private double relativeError;
  private double[] values = new double[0];
  private long[] gs = new long[0];
  private long[] deltas = new long[0];
  private int size;
  /** Values in the samples; the head buffer's are not counted yet. */
  private long count;
  private double[] head = new double[16];
  private int headCount;
  private boolean compressed = true;

  QuantileSummary(double relativeError) {
    this.relativeError = relativeError;
  }

  void insert(double x) {
    if (headCount == head.length) {
      head = Arrays.copyOf(head, Math.min(HEAD_SIZE, head.length * 2));
    }
    head[headCount++] = x;
    compressed = false;
    if (headCount >= HEAD_SIZE) {
      insertHead();
      if (size >= COMPRESS_THRESHOLD) {
        compress();
      }
    }
  }

  /** All values added, the head buffer's too. */
  long count() {
    return count + headCount;
  }

  /** Inserts the head buffer's values in order among the samples. */
  private void insertHead() {
    if (headCount == 0) {
      return;
    }
    double[] sorted = Arrays.copyOf(head, headCount);
    Arrays.sort(sorted); // Double.compare's order, as Scala's sorted on doubles: -0.0 before 0.0, NaN last
    Samples out = new Samples(size + headCount);
    long current = count;
    int sample = 0;
    for (int op = 0; op < sorted.length; op++) {
      double x = sorted[op];
      while (sample < size && values[sample] <= x) {
        out.add(values[sample], gs[sample], deltas[sample]);
        sample++;
      }
      current++;
      boolean edge = out.size == 0 || (sample == size && op == sorted.length - 1);
      out.add(x, 1, edge ? 0 : (long) Math.floor(2 * relativeError * current));
    }
    for (; sample < size; sample++) {
      out.add(values[sample], gs[sample], deltas[sample]);
    }
    take(out);
    count = current;
    headCount = 0;
    head = new double[16];
  }

  /** Spark's COMPRESS: the head inserted, then samples merged under {@code 2 eps n}. */
  void compress() {
    insertHead();
    compressSamples(2 * relativeError * count);
    compressed = true;
  }

  /** As Spark's quantileSummaries: compressed unless it already is. */
  private void ensureCompressed() {
    if (!compressed) {
      compress();
    }
  }

  private void compressSamples(double mergeThreshold) {
    if (size == 0) {
      return;
    }
    // From the last sample down, each merged into the one after it (the head) while it fits.
    double headValue = values[size - 1];
    long headG = gs[size - 1];
    long headDelta = deltas[size - 1];
    Samples reversed = new Samples(size);
    for (int i = size - 2; i >= 1; i--) {
      if (gs[i] + headG + headDelta < mergeThreshold) {
        headG += gs[i];
      } else {
        reversed.add(headValue, headG, headDelta);
        headValue = values[i];
        headG = gs[i];
        headDelta = deltas[i];
      }
    }
    reversed.add(headValue, headG, headDelta);
    if (values[0] <= headValue && size > 1) {
      reversed.add(values[0], gs[0], deltas[0]);
    }
    take(reversed.reversed());
  }

  /** Folds {@code other} in, as Spark merges two digests: both compressed first. */
  void merge(QuantileSummary other) {
    ensureCompressed();
    other.ensureCompressed();
    if (other.count == 0) {
      return;
    }
    if (count == 0) {
      relativeError = other.relativeError;
      values = other.values.clone();
      gs = other.gs.clone();
      deltas = other.deltas.clone();
      size = other.size;
      count = other.count;
      compressed = other.compressed;
      return;
    }
    double mergedError = Math.max(relativeError, other.relativeError);
    long mergedCount = count + other.count;
    long selfExtra = (long) Math.floor(2 * other.relativeError * other.count);
    long otherExtra = (long) Math.floor(2 * relativeError * count);
    Samples out = new Samples(size + other.size);
    int s = 0;
    int o = 0;
    while (s < size && o < other.size) {
      if (values[s] < other.values[o]) {
        out.add(values[s], gs[s], deltas[s] + (o > 0 ? selfExtra : 0));
        s++;
      } else {
        out.add(other.values[o], other.gs[o], other.deltas[o] + (s > 0 ? otherExtra : 0));
        o++;
      }
    }
    for (; s < size; s++) {
      out.add(values[s], gs[s], deltas[s]);
    }
    for (; o < other.size; o++) {
      out.add(other.values[o], other.gs[o], other.deltas[o]);
    }
    take(out);
    relativeError = mergedError;
    count = mergedCount;
    compressSamples(2 * mergedError * mergedCount);
    compressed = true;
  }

  /**
   * The approximate value at each of {@code percentages} (each in [0, 1]), in their order; null
   * when no value was added. Each is a value that was added.
   */
  double[] query(double[] percentages) {
    ensureCompressed();
    if (count == 0 || percentages.length == 0) {
      return null;
    }
    long targetError = Long.MIN_VALUE;
    for (int i = 0; i < size; i++) {
      targetError = Math.max(targetError, deltas[i] + gs[i]);
    }
    targetError /= 2;
    Integer[] order = new Integer[percentages.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> Double.compare(percentages[a], percentages[b])); // stable, as Spark's sortBy
    double[] result = new double[percentages.length];
    int index = 0;
    long minRank = gs[0];
    for (int pos : order) {
      double percentage = percentages[pos];
      if (percentage <= relativeError) {
        result[pos] = values[0];
      } else if (percentage >= 1 - relativeError) {
        result[pos] = values[size - 1];
      } else {
        // Spark's walk from where the last percentage stopped; past the end it gives the largest.
        long rank = (long) Math.ceil(percentage * count);
        int i = index;
        long rankAt = minRank;
        boolean found = false;
        while (i < size - 1) {
          long maxRank = rankAt + deltas[i];
          if (maxRank - (double) targetError <= rank && rank <= rankAt + (double) targetError) {
            found = true;
            break;
          }
          i++;
          rankAt += gs[i];
        }
        if (found) {
          index = i;
          minRank = rankAt;
          result[pos] = values[i];
        } else {
          index = size - 1;
          minRank = 0;
          result[pos] = values[size - 1];
        }
      }
    }
    return result;
  }

  /**
   * The summary's bytes, compressed first as Spark's serializer compresses it: relative error,
   * count, sample count, then each sample's value (8 bytes) and its g and delta as variable-length
   * numbers (a few bytes each: they are small).
   */
  byte[] toBytes() {
    ensureCompressed();
    ByteBuffer out = ByteBuffer.allocate(8 + 8 + 4 + size * (8 + 10 + 10));
    out.putDouble(relativeError).putLong(count).putInt(size);
    for (int i = 0; i < size; i++) {
      out.putDouble(values[i]);
      putVarLong(out, gs[i]);
      putVarLong(out, deltas[i]);
    }
    return Arrays.copyOf(out.array(), out.position());
  }

  /** A summary saved by {@link #toBytes}; compressed, as Spark's deserialized one is. */
  static QuantileSummary fromBytes(byte[] bytes, String what) {
    try {
      ByteBuffer in = ByteBuffer.wrap(bytes);
      QuantileSummary s = new QuantileSummary(in.getDouble());
      s.count = in.getLong();
      int n = in.getInt();
      if (n < 0 || n > bytes.length) {
        throw new CorruptFileException("state", what + ": a quantile summary of " + n + " samples in " + bytes.length
            + " bytes");
      }
      Samples samples = new Samples(n);
      for (int i = 0; i < n; i++) {
        samples.add(in.getDouble(), getVarLong(in), getVarLong(in));
      }
      if (in.hasRemaining()) {
        throw new CorruptFileException("state", what + ": " + in.remaining() + " bytes after its quantile summary");
      }
      s.take(samples);
      return s;
    } catch (java.nio.BufferUnderflowException e) {
      throw new CorruptFileException("state", what + ": its quantile summary ends early, after " + bytes.length
          + " bytes");
    }
  }

  private void take(Samples s) {
    values = s.values;
    gs = s.gs;
    deltas = s.deltas;
    size = s.size;
  }

  private static void putVarLong(ByteBuffer out, long v) {
    while ((v & ~0x7FL) != 0) {
      out.put((byte) ((v & 0x7F) | 0x80));
      v >>>= 7;
    }
    out.put((byte) v);
  }

  private static long getVarLong(ByteBuffer in) {
    long v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      byte b = in.get();
      v |= (long) (b & 0x7F) << shift;
      if (b >= 0) {
        return v;
      }
    }
    throw new CorruptFileException("state", "a quantile summary's number runs past 64 bits");
  }

  /** Samples being built, in three parallel arrays. */
  private static final class Samples {
    double[] values;
    long[] gs;
    long[] deltas;
    int size;

    Samples(int capacity) {
      values = new double[capacity];
      gs = new long[capacity];
      deltas = new long[capacity];
    }

    void add(double value, long g, long delta) {
      values[size] = value;
      gs[size] = g;
      deltas[size] = delta;
      size++;
    }

    Samples reversed() {
      Samples r = new Samples(size);
      for (int i = size - 1; i >= 0; i--) {
        r.add(values[i], gs[i], deltas[i]);
      }
      return r;
    }
  }
}
