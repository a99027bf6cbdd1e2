package io.millrace.runtime.state;

import java.util.Arrays;

/**
 * One group's running aggregate values: the slots of its state value row. Counts, sums and
 * averages keep their numbers unboxed in {@link #words} (a DOUBLE as its raw bits), so folding
 * a row into a group allocates nothing; min and max keep their values in {@link #objects}.
 *
 * <p>{@code words} holds one long per slot, then the slots' null flags, one bit each.
 */
final class AggBuffer {
  final long[] words;
  /** One value per slot for aggregators that keep objects; null when none does. */
  final Object[] objects;
  private final int slots;

  AggBuffer(int slots, boolean withObjects) {
    this.slots = slots;
    this.words = new long[slots + (slots + 63) / 64];
    this.objects = withObjects ? new Object[slots] : null;
  }

  /** A buffer of numbers only, over {@code words} laid out as above. */
  AggBuffer(int slots, long[] words) {
    this.slots = slots;
    this.words = words;
    this.objects = null;
  }

  private AggBuffer(AggBuffer from) {
    this.slots = from.slots;
    this.words = from.words.clone();
    this.objects = from.objects == null ? null : from.objects.clone();
  }

  AggBuffer copy() {
    return new AggBuffer(this);
  }

  /** Makes {@code to}, a buffer of the same slots, hold this one's values. */
  void copyInto(AggBuffer to) {
    System.arraycopy(words, 0, to.words, 0, words.length);
    if (objects != null) {
      System.arraycopy(objects, 0, to.objects, 0, objects.length);
    }
  }

  boolean isNull(int slot) {
    return (words[slots + (slot >>> 6)] & (1L << slot)) != 0;
  }

  void setNull(int slot, boolean isNull) {
    if (isNull) {
      words[slots + (slot >>> 6)] |= 1L << slot;
    } else {
      words[slots + (slot >>> 6)] &= ~(1L << slot);
    }
  }

  double doubleAt(int slot) {
    return Double.longBitsToDouble(words[slot]);
  }

  void setDouble(int slot, double value) {
    words[slot] = Double.doubleToRawLongBits(value);
  }

  @Override
  public String toString() {
    return "AggBuffer" + Arrays.toString(Arrays.copyOf(words, slots))
        + (objects == null ? "" : Arrays.toString(objects));
  }
}
