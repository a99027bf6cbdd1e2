package io.millrace.spi.state;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads version {@code v} and collects the changes that {@link #commit()} turns into version
 * {@code v+1}. Used by one task thread. Exactly one of {@code commit} and {@code abort} ends
 * its life; both may be followed by {@code close}.
 */
public interface StateStore extends ReadStateStore {

  /**
   * Sets {@code key} to {@code value}; visible to this store at once, to others after commit.
   * The store may keep both arrays as they are, without copying: the caller never changes them
   * after the call (the runtime passes arrays it encoded for the call, or constants), and the
   * store never changes them either.
   */
  void put(byte[] key, byte[] value);

  /**
   * What a writer knows of a key just before it writes it, from its own reads or from the
   * layout it keeps (a list's size says which of its indexes exist). A store that counts its
   * keys looks each written key up to keep the count exact; told this, it need not.
   */
  enum Presence { ABSENT, PRESENT }

  /**
   * {@link #put}, from a caller that knows whether {@code key} has a value in this store now.
   * The store must write exactly as {@code put} does whatever it is told: a wrong
   * {@code before} may only leave {@code numKeys} wrong, never the data. The default ignores it.
   */
  default void put(byte[] key, byte[] value, Presence before) {
    put(key, value);
  }

  /**
   * Sets {@code key} to {@code value} unless the key has a value in this store (committed, or
   * put by this store and not removed since); returns that value, or null when it set
   * {@code value}. A deduplication asks this of every row, so a store should answer it with one
   * lookup rather than the default's {@link #get} then {@link #put}. The arrays are kept as by
   * {@link #put}.
   */
  default byte[] putIfAbsent(byte[] key, byte[] value) {
    byte[] current = get(key);
    if (current == null) {
      put(key, value);
    }
    return current;
  }

  /**
   * Removes {@code key}; removing a missing key is allowed and changes nothing. As with
   * {@link #put}, the store may keep the array as it is.
   */
  void remove(byte[] key);

  /**
   * {@link #remove}, from a caller that knows {@code key} has a value in this store now, as
   * {@link #put(byte[], byte[], Presence)} is told. The store removes it as {@code remove}
   * does whatever it is told; the default ignores what it is told.
   */
  default void remove(byte[] key, Presence before) {
    remove(key);
  }

  /**
   * Removes every key in {@code [from, to)}, the keys {@link #range} returns, where
   * {@link #supportsRangeScan()} is true; returns how many there were. A store that keeps its
   * keys in a tree should drop the subtrees inside the range whole rather than take the
   * default's one {@link #remove} per key: a deduplication removes its oldest keys, a run of
   * them, every batch.
   */
  default long removeRange(byte[] from, byte[] to) {
    List<byte[]> keys = new ArrayList<>();
    range(from, to).forEachRemaining(kv -> keys.add(kv.key()));
    keys.forEach(this::remove);
    return keys.size();
  }

  /**
   * Makes the changes durable as version {@code version() + 1}, atomically.
   *
   * @return the new version
   */
  long commit();

  /** Discards the changes; nothing of them stays in memory or in storage. */
  void abort();

  /** Whether {@link #commit()} has returned. */
  boolean hasCommitted();
}
