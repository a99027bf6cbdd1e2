package io.millrace.runtime.state.keyed;

import io.millrace.spi.state.KeyValue;
import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStore.Presence;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;

/**
 * Timers as two indexes in one store, so that both commit together (a first byte tells them
 * apart; values are empty):
 * <ul>
 *   <li>by time: {@code 0x00, mode, time, key prefix}. The expired timers of a mode are the range
 *       {@code [0x00 mode, 0x00 mode before)}: firing reads them and nothing else, earliest
 *       first. The time leads the key group here, so this index is not in key-group ranges: where
 *       the other index is kept it holds nothing that one lacks, and can be rebuilt from it when
 *       key groups move; where it is the only one, moving key groups means reading it whole.</li>
 *   <li>by key: {@code 0x01, key prefix, mode, time}: a key's timers of a mode are one range,
 *       earliest first, for {@link #list} and for registering and deleting by key.</li>
 * </ul>
 * Both are written together, so one lookup in the by-key index says whether a timer is set, and
 * the four writes of a timer registered or deleted tell the store so ({@link Presence}) rather
 * than have RocksDB look each key up again.
 *
 * <p>An operator that never lists a key's timers ({@link KeyedStateSpec#withUnlistedTimers()})
 * has the index by time alone, born so with its store: a timer registered, deleted or fired is
 * one write, and a lookup reads the index by time. {@code session_window} and
 * {@code flatMapGroupsWithState} move each key's one timer nearly every batch of the sessions
 * benchmark; on rocksdb the write saved was worth +4.5 % and +3 to +8 % of their runs.
 */
final class StoreTimerService implements TimerService {
  private static final byte BY_TIME = 0;
  private static final byte BY_KEY = 1;
  /** Where the key prefix starts in a by-time key: after the index, the mode and the time. */
  private static final int BY_TIME_PREFIX_AT = 2 + Long.BYTES;
  private static final byte[] NO_VALUE = new byte[0];

  private final StateStore store;
  private final KeyScope scope;
  /** Whether the store has the index by key beside the one by time. */
  private final boolean byKeyIndex;
  private final Scans scans;
  /**
   * Per mode ordinal: no timer of the state being written lies below it, as far as this batch
   * knows ({@link TimerFloors}): the floor of the version read, lowered by every timer registered
   * below it, and raised to the bound of a scan for expired timers that ran to its end.
   */
  private final long[] floors;
  /** Per mode ordinal: the earliest timer registered since its latest scan for expired timers began. */
  private final long[] registeredSinceScan;
  /** Per mode ordinal: how many scans for expired timers were made. */
  private final int[] scansMade;
  private long registered;
  private long deleted;
  private long fired;

  /**
   * @param floors per mode ordinal, the time no timer of the version read lies below ({@link TimerFloors})
   * @param byKeyIndex whether the store has the index by key, as it was born
   */
  StoreTimerService(StateStore store, KeyScope scope, Scans scans, long[] floors, boolean byKeyIndex) {
    this.store = store;
    this.scope = scope;
    this.byKeyIndex = byKeyIndex;
    this.scans = scans;
    this.floors = floors.clone();
    this.registeredSinceScan = new long[floors.length];
    this.scansMade = new int[floors.length];
    Arrays.fill(registeredSinceScan, Long.MAX_VALUE);
  }

  /** How many entries of the store one timer is: one in each index. */
  int entriesPerTimer() {
    return byKeyIndex ? 2 : 1;
  }

  /** The floors of the state as written so far, by mode ordinal, for {@link TimerFloors#committed}. */
  long[] floors() {
    return floors.clone();
  }

  @Override
  public void register(TimeMode mode, long time) {
    register(mode, time, !isSet(mode, time));
  }

  @Override
  public void register(TimeMode mode, long time, Presence before) {
    register(mode, time, before == Presence.ABSENT);
  }

  private void register(TimeMode mode, long time, boolean absent) {
    int m = mode.ordinal();
    floors[m] = Math.min(floors[m], time);
    registeredSinceScan[m] = Math.min(registeredSinceScan[m], time);
    if (absent) {
      store.put(byTime(mode, time, scope.prefix()), NO_VALUE, Presence.ABSENT);
      if (byKeyIndex) {
        store.put(byKey(scope.prefix(), mode, time), NO_VALUE, Presence.ABSENT);
      }
    }
    registered++;
  }

  @Override
  public void delete(TimeMode mode, long time) {
    delete(mode, time, isSet(mode, time));
  }

  @Override
  public void delete(TimeMode mode, long time, Presence before) {
    delete(mode, time, before == Presence.PRESENT);
  }

  private void delete(TimeMode mode, long time, boolean present) {
    if (present) {
      store.remove(byTime(mode, time, scope.prefix()), Presence.PRESENT);
      if (byKeyIndex) {
        store.remove(byKey(scope.prefix(), mode, time), Presence.PRESENT);
      }
    }
    deleted++;
  }

  /** Whether the current key has a timer of {@code mode} at {@code time}: one lookup, in the index by key where there is one. */
  private boolean isSet(TimeMode mode, long time) {
    byte[] prefix = scope.prefix();
    return store.get(byKeyIndex ? byKey(prefix, mode, time) : byTime(mode, time, prefix)) != null;
  }

  @Override
  public List<Long> list(TimeMode mode) {
    if (!byKeyIndex) {
      throw new IllegalStateException("operator '" + scope.operatorName() + "' keeps its timers by time only and"
          + " cannot list a key's timers");
    }
    byte[] key = KeyLayout.concat(new byte[] {BY_KEY}, scope.prefix());
    byte[] keyAndMode = KeyLayout.withByte(key, mode.tag);
    // Up to the next mode's first key, not keyAndMode + 0xFF: a time's first byte can be 0xFF.
    byte[] end = KeyLayout.withByte(key, mode.tag + 1);
    List<Long> times = new ArrayList<>();
    for (Iterator<KeyValue> it = scans.range(store, keyAndMode, end); it.hasNext(); ) {
      times.add(KeyLayout.timeAt(it.next().key(), keyAndMode.length));
    }
    return times;
  }

  @Override
  public Iterator<ExpiredTimer> expired(TimeMode mode, long before) {
    byte[] index = {BY_TIME, mode.tag};
    int m = mode.ordinal();
    long floor = floors[m];
    Iterator<KeyValue> due = scans.range(store, scanStart(index, floor), KeyLayout.withTime(index, before));
    registeredSinceScan[m] = Long.MAX_VALUE;
    int scan = ++scansMade[m];
    return new Iterator<>() {
      /** The next timer still set: the range was read when the iterator was made, and a handler may have deleted one since. */
      private byte[] next;
      private boolean ended;

      @Override
      public boolean hasNext() {
        while (next == null && due.hasNext()) {
          byte[] key = due.next().key();
          if (store.get(key) != null) {
            next = key;
          }
        }
        if (next == null && !ended) {
          ended = true;
          // Every timer below the bound fired; only those registered since may lie below it. A
          // scan made after this one counts registrations from its own start, so only the
          // newest scan of the mode may raise the floor.
          if (scansMade[m] == scan) {
            floors[m] = Math.min(Math.max(floor, before), registeredSinceScan[m]);
          }
        }
        return next != null;
      }

      @Override
      public ExpiredTimer next() {
        if (!hasNext()) {
          throw new java.util.NoSuchElementException();
        }
        byte[] key = next;
        next = null;
        long time = KeyLayout.timeAt(key, 2);
        byte[] prefix = Arrays.copyOfRange(key, BY_TIME_PREFIX_AT, key.length);
        store.remove(key, Presence.PRESENT);
        if (byKeyIndex) {
          store.remove(byKey(prefix, mode, time), Presence.PRESENT);
        }
        fired++;
        byte[] encoded = Arrays.copyOfRange(prefix, KeyLayout.KEY_GROUP_BYTES, prefix.length);
        return new ExpiredTimer(scope.codec().decode(encoded), encoded, mode, time);
      }
    };
  }

  @Override
  public java.util.OptionalLong earliest(TimeMode mode) {
    byte[] index = {BY_TIME, mode.tag};
    KeyValue first = scans.first(store, scanStart(index, floors[mode.ordinal()]),
        new byte[] {BY_TIME, (byte) (mode.tag + 1)});
    return first != null ? java.util.OptionalLong.of(KeyLayout.timeAt(first.key(), 2)) : java.util.OptionalLong.empty();
  }

  /** Where a scan of a mode's by-time {@code index} starts: its floor, or its first key when none is known. */
  private static byte[] scanStart(byte[] index, long floor) {
    return floor == TimerFloors.UNKNOWN ? index : KeyLayout.withTime(index, floor);
  }

  private static byte[] byTime(TimeMode mode, long time, byte[] prefix) {
    return KeyLayout.concat(KeyLayout.withTime(new byte[] {BY_TIME, mode.tag}, time), prefix);
  }

  private static byte[] byKey(byte[] prefix, TimeMode mode, long time) {
    return KeyLayout.withTime(KeyLayout.withByte(KeyLayout.concat(new byte[] {BY_KEY}, prefix), mode.tag), time);
  }

  long registered() {
    return registered;
  }

  long deleted() {
    return deleted;
  }

  long fired() {
    return fired;
  }
}
