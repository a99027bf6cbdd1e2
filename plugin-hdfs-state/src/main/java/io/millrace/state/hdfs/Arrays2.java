package io.millrace.state.hdfs;

import java.util.Arrays;

/** Copies of exact-size arrays with one element inserted or removed, or two joined. */
final class Arrays2 {
  private Arrays2() {}

  static <T> T[] insertAt(T[] array, int at, T element) {
    T[] out = Arrays.copyOf(array, array.length + 1);
    System.arraycopy(array, at, out, at + 1, array.length - at);
    out[at] = element;
    return out;
  }

  static <T> T[] removeAt(T[] array, int at) {
    T[] out = Arrays.copyOf(array, array.length - 1);
    System.arraycopy(array, at + 1, out, at, array.length - at - 1);
    return out;
  }

  static <T> T[] concat(T[] a, T[] b) {
    T[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
