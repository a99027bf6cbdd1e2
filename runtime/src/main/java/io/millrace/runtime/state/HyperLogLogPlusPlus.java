package io.millrace.runtime.state;

import io.millrace.api.AnalysisException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * HyperLogLog++ (Heule, Nunkesser and Hall, 2013) as Spark's {@code approx_count_distinct}
 * computes it, so that the estimates are Spark's to the last digit: the precision p from the
 * relative standard deviation as Spark derives it, {@code 2^p} registers of 6 bits packed ten to
 * a long (Spark's layout), the register chosen by the top p bits of the value's 64-bit hash and
 * set to the position of the first one bit of the rest, and Spark's estimate: linear counting
 * below the paper's threshold, else the raw estimate less the paper's empirical bias (the mean of
 * the biases at the six raw estimates nearest to it) where it is below 5m, rounded to a whole
 * number. No sparse representation, as in Spark.
 */
final class HyperLogLogPlusPlus {
  static final double DEFAULT_RELATIVE_SD = 0.05;
  private static final int REGISTER_SIZE = 6;
  private static final int REGISTERS_PER_WORD = Long.SIZE / REGISTER_SIZE;
  private static final long REGISTER_MASK = (1L << REGISTER_SIZE) - 1;
  /** How many raw estimates around the one at hand the bias is averaged over. */
  private static final int NEIGHBOURS = 6;
  private static final int MIN_PRECISION = 4;
  /** The largest precision the paper has data for; a greater one would keep over 200 KB per group. */
  static final int MAX_PRECISION = 18;
  private static final EmpiricalData DATA = EmpiricalData.load();

  private final int p;
  private final int m;
  private final int idxShift;
  private final long wPadding;
  private final double alphaM2;
  private final int words;

  private HyperLogLogPlusPlus(int p) {
    this.p = p;
    this.m = 1 << p;
    this.idxShift = Long.SIZE - p;
    this.wPadding = 1L << (p - 1);
    this.words = m / REGISTERS_PER_WORD + 1;
    switch (p) {
      case 4: alphaM2 = 0.673d * m * m; break;
      case 5: alphaM2 = 0.697d * m * m; break;
      case 6: alphaM2 = 0.709d * m * m; break;
      default: alphaM2 = (0.7213d / (1.0d + 1.079d / m)) * m * m;
    }
  }

  /**
   * The sketch for a relative standard deviation, as {@code approx_count_distinct(x, relativeSD)}
   * takes it: Spark's precision {@code ceil(2 log2(1.106 / relativeSD))}, at least 4 as Spark
   * requires, and here at most 18 (relativeSD at least 0.0044), the paper's range.
   */
  static HyperLogLogPlusPlus forRelativeSD(double relativeSD, String call) {
    if (!(relativeSD > 0)) {
      throw new AnalysisException(call + ": relativeSD must be above 0, but it is " + relativeSD);
    }
    int p = (int) Math.ceil(2.0d * Math.log(1.106d / relativeSD) / Math.log(2.0d));
    if (p < MIN_PRECISION) {
      throw new AnalysisException(call + ": HLL++ requires at least 4 bits for addressing; use a lower error, at "
          + "most 39% (relativeSD " + relativeSD + " gives " + p + " bits)");
    }
    if (p > MAX_PRECISION) {
      throw new AnalysisException(call + ": relativeSD " + relativeSD + " needs " + p + " bits of addressing, 2^" + p
          + " registers per group in state; Millrace takes at most " + MAX_PRECISION
          + " (relativeSD 0.0044 or more), the precisions the HLL++ paper has bias data for");
    }
    return new HyperLogLogPlusPlus(p);
  }

  int precision() {
    return p;
  }

  /** How many longs the registers take. */
  int words() {
    return words;
  }

  /** Adds a value by its hash (Spark's xxhash64 of it, seed 42). */
  void add(long[] registers, long hash) {
    int idx = (int) (hash >>> idxShift);
    long pw = Long.numberOfLeadingZeros((hash << p) | wPadding) + 1;
    int word = idx / REGISTERS_PER_WORD;
    int shift = REGISTER_SIZE * (idx - word * REGISTERS_PER_WORD);
    long mask = REGISTER_MASK << shift;
    long current = (registers[word] & mask) >>> shift;
    if (pw > current) {
      registers[word] = (registers[word] & ~mask) | (pw << shift);
    }
  }

  /** Folds {@code other}'s registers into {@code into}'s: each register the greater of the two. */
  void merge(long[] into, long[] other) {
    for (int w = 0; w < words; w++) {
      long a = into[w];
      long b = other[w];
      long merged = 0;
      for (int shift = 0; shift < REGISTER_SIZE * REGISTERS_PER_WORD; shift += REGISTER_SIZE) {
        merged |= Math.max(a & (REGISTER_MASK << shift), b & (REGISTER_MASK << shift));
      }
      into[w] = merged;
    }
  }

  /** The estimated number of distinct values added, as Spark computes it. */
  long estimate(long[] registers) {
    double zInverse = 0.0d;
    double zeros = 0.0d;
    int idx = 0;
    for (int w = 0; w < words; w++) {
      long word = registers[w];
      for (int i = 0, shift = 0; idx < m && i < REGISTERS_PER_WORD; i++, idx++, shift += REGISTER_SIZE) {
        long register = (word >>> shift) & REGISTER_MASK;
        zInverse += 1.0d / (double) (1L << (int) register);
        if (register == 0) {
          zeros += 1.0d;
        }
      }
    }
    double e = alphaM2 / zInverse;
    double estimate;
    if (zeros > 0) {
      double linear = m * Math.log(m / zeros);
      boolean belowThreshold = p < 19 && linear <= DATA.thresholds[p - MIN_PRECISION];
      estimate = belowThreshold || e <= 2.5d * m ? linear : biasCorrected(e);
    } else {
      estimate = biasCorrected(e);
    }
    return Math.round(estimate);
  }

  private double biasCorrected(double e) {
    return e < 5.0d * m ? e - bias(e) : e;
  }

  /** The mean bias at the raw estimates nearest to {@code e}, the window slid while its far end is nearer. */
  private double bias(double e) {
    double[] estimates = DATA.rawEstimates[p - MIN_PRECISION];
    int n = estimates.length;
    int found = Arrays.binarySearch(estimates, 0, n, e);
    int nearest = found < 0 ? -(found + 1) : found;
    int low = Math.max(nearest - NEIGHBOURS + 1, 0);
    int high = Math.min(low + NEIGHBOURS, n);
    while (high < n && distance(e, estimates[high]) < distance(e, estimates[low])) {
      low++;
      high++;
    }
    double[] biases = DATA.biases[p - MIN_PRECISION];
    double sum = 0.0d;
    for (int i = low; i < high; i++) {
      sum += biases[i];
    }
    return sum / (high - low);
  }

  private static double distance(double e, double estimate) {
    double diff = e - estimate;
    return diff * diff;
  }

  /** The paper's thresholds, raw estimates and biases, read once from the resource that names their source. */
  private record EmpiricalData(double[] thresholds, double[][] rawEstimates, double[][] biases) {
    private static final String RESOURCE = "hllpp-empirical-data.txt";

    static EmpiricalData load() {
      int precisions = MAX_PRECISION - MIN_PRECISION + 1;
      double[] thresholds = null;
      double[][] raw = new double[precisions][];
      double[][] bias = new double[precisions][];
      try (InputStream in = HyperLogLogPlusPlus.class.getResourceAsStream(RESOURCE)) {
        if (in == null) {
          throw new IllegalStateException("the runtime jar lacks its resource " + RESOURCE);
        }
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII));
        for (String line = reader.readLine(); line != null; line = reader.readLine()) {
          if (line.isBlank() || line.startsWith("#")) {
            continue;
          }
          String[] parts = line.trim().split(" ");
          if (parts[0].equals("thresholds")) {
            thresholds = numbers(parts, 1);
          } else {
            int at = Integer.parseInt(parts[1]) - MIN_PRECISION;
            (parts[0].equals("rawEstimates") ? raw : bias)[at] = numbers(parts, 2);
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read the resource " + RESOURCE, e);
      }
      for (int i = 0; i < precisions; i++) {
        if (raw[i] == null || bias[i] == null || raw[i].length != bias[i].length) {
          throw new IllegalStateException(RESOURCE + " lacks the data of precision " + (i + MIN_PRECISION));
        }
      }
      if (thresholds == null || thresholds.length != precisions) {
        throw new IllegalStateException(RESOURCE + " lacks its thresholds");
      }
      return new EmpiricalData(thresholds, raw, bias);
    }

    private static double[] numbers(String[] parts, int from) {
      double[] out = new double[parts.length - from];
      for (int i = from; i < parts.length; i++) {
        out[i - from] = Double.parseDouble(parts[i]);
      }
      return out;
    }
  }
}
