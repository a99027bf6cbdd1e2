package io.millrace.runtime.state.keyed;

import io.millrace.spi.Spi;
import io.millrace.spi.state.KeyValue;
import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStoreProvider;
import io.millrace.spi.state.StateStoreProviderFactory;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Factories that wrap a real store plugin's stores: to count what a store hands out, to hide its
 * range scans, or to halt the JVM just before one named store commits.
 */
final class StoreWrappers {
  private StoreWrappers() {}

  /** What the stores of a {@link #counting} factory handed out. */
  static final class Counts {
    final AtomicLong rangeEntries = new AtomicLong();
    final AtomicLong fullScans = new AtomicLong();
  }

  /** Counts the entries every range scan returns and every full scan started. */
  static StateStoreProviderFactory counting(StateStoreProviderFactory real, Counts counts) {
    return wrap(real, (store, method, args) -> {
      Object result = call(store, method, args);
      if (method.getName().equals("range")) {
        return counted((Iterator<?>) result, counts.rangeEntries);
      }
      if (method.getName().equals("iterator")) {
        counts.fullScans.incrementAndGet();
      }
      return result;
    });
  }

  /**
   * Counts in {@code unfinished} the range reads handed out and neither read to their end nor
   * closed (their iterators close as the stores' own do).
   */
  static StateStoreProviderFactory countingUnfinishedRanges(StateStoreProviderFactory real, AtomicLong unfinished) {
    return wrap(real, (store, method, args) -> {
      Object result = call(store, method, args);
      return method.getName().equals("range") ? tracked((Iterator<?>) result, unfinished) : result;
    });
  }

  private static Iterator<KeyValue> tracked(Iterator<?> range, AtomicLong unfinished) {
    unfinished.incrementAndGet();
    class Tracked implements Iterator<KeyValue>, AutoCloseable {
      private boolean finished;

      @Override
      public boolean hasNext() {
        boolean more = range.hasNext();
        if (!more) {
          finish();
        }
        return more;
      }

      @Override
      public KeyValue next() {
        return (KeyValue) range.next();
      }

      @Override
      public void close() throws Exception {
        finish();
        if (range instanceof AutoCloseable closeable) {
          closeable.close();
        }
      }

      private void finish() {
        if (!finished) {
          finished = true;
          unfinished.decrementAndGet();
        }
      }
    }
    return new Tracked();
  }

  /** Stores that say they have no range scans, and fail if asked for one anyway. */
  static StateStoreProviderFactory withoutRangeScans(StateStoreProviderFactory real) {
    return wrap(real, (store, method, args) -> {
      switch (method.getName()) {
        case "supportsRangeScan":
          return false;
        case "range":
        case "removeRange":
          throw new IllegalStateException("this store has no range scans");
        default:
          return call(store, method, args);
      }
    });
  }

  /** Halts the JVM (exit code 137) when store {@code storeName} is about to commit {@code version + 1}. */
  static StateStoreProviderFactory haltingBeforeCommit(StateStoreProviderFactory real, String storeName, long version) {
    return wrap(real, (store, method, args) -> {
      if (method.getName().equals("commit") && store.id().storeName().equals(storeName) && store.version() == version) {
        Runtime.getRuntime().halt(137);
      }
      return call(store, method, args);
    });
  }

  /**
   * Records where each range scan of the timers' by-time index starts: the time of its first
   * key, or {@code null} for a scan from the start of the index.
   */
  static StateStoreProviderFactory recordingTimerScanStarts(StateStoreProviderFactory real, List<Long> starts) {
    return wrap(real, (store, method, args) -> {
      byte[] from = method.getName().equals("range") ? (byte[]) args[0] : null;
      if (from != null && from[0] == 0 && store.id().storeName().equals(KeyedStateBackend.TIMERS_STORE)) {
        starts.add(from.length < 2 + Long.BYTES ? null : KeyLayout.timeAt(from, 2)); // the by-time index only
      }
      return call(store, method, args);
    });
  }

  private interface StoreCall {
    Object invoke(StateStore store, Method method, Object[] args) throws Throwable;
  }

  private static StateStoreProviderFactory wrap(StateStoreProviderFactory real, StoreCall onStore) {
    return new StateStoreProviderFactory() {
      @Override
      public String name() {
        return real.name();
      }

      @Override
      public String spiVersion() {
        return Spi.VERSION;
      }

      @Override
      public StateStoreProvider create() {
        StateStoreProvider provider = real.create();
        InvocationHandler handler = (proxy, method, args) -> {
          Object result = call(provider, method, args);
          if (method.getName().equals("getStore")) {
            StateStore store = (StateStore) result;
            return Proxy.newProxyInstance(StateStore.class.getClassLoader(), new Class<?>[] {StateStore.class},
                (p, m, a) -> onStore.invoke(store, m, a));
          }
          return result;
        };
        return (StateStoreProvider) Proxy.newProxyInstance(StateStoreProvider.class.getClassLoader(),
            new Class<?>[] {StateStoreProvider.class}, handler);
      }
    };
  }

  private static Object call(Object target, Method method, Object[] args) throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  private static Iterator<KeyValue> counted(Iterator<?> range, AtomicLong count) {
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return range.hasNext();
      }

      @Override
      public KeyValue next() {
        KeyValue kv = (KeyValue) range.next();
        count.incrementAndGet();
        return kv;
      }
    };
  }
}
