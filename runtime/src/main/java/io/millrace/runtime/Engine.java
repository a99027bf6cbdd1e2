package io.millrace.runtime;

import io.millrace.api.Clock;
import io.millrace.api.StreamingQueryListener;
import io.millrace.runtime.plugin.PluginRegistry;
import io.millrace.spi.MillraceException;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.storage.Storage;
import io.millrace.spi.storage.StorageProvider;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a session shares among its queries: settings, installed plugins, open storages, the
 * task thread pool and the listeners. Internal; users hold a {@code MillraceSession}.
 */
public final class Engine implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Engine.class);

  private final Settings settings;
  private final PluginRegistry plugins;
  private final Map<String, Storage> storages = new ConcurrentHashMap<>();
  private final ExecutorService taskPool;
  private final List<StreamingQueryListener> listeners = new CopyOnWriteArrayList<>();
  private final FaultInjector faults;
  private final Clock clock;

  public Engine(Map<String, String> conf, FaultInjector faults) {
    this(conf, faults, Clock.system());
  }

  public Engine(Map<String, String> conf, FaultInjector faults, Clock clock) {
    this.faults = faults;
    this.clock = java.util.Objects.requireNonNull(clock, "clock");
    this.settings = new Settings(conf);
    this.plugins = PluginRegistry.load(Engine.class.getClassLoader(), settings.pluginsDirs());
    this.taskPool = Executors.newFixedThreadPool(settings.taskThreads(), daemonThreads("millrace-task-"));
  }

  private static ThreadFactory daemonThreads(String prefix) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, prefix + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }

  public Settings settings() {
    return settings;
  }

  public PluginRegistry plugins() {
    return plugins;
  }

  public ExecutorService taskPool() {
    return taskPool;
  }

  /** Crash-test hook; {@link FaultInjector#NONE} unless a test installed one. */
  public FaultInjector faults() {
    return faults;
  }

  /** The wall clock of every query of this engine: the machine's, or a test's manual one. */
  public Clock clock() {
    return clock;
  }

  public List<StreamingQueryListener> listeners() {
    return listeners;
  }

  /** The storage serving {@code uri}, opened once per scheme and authority. */
  public Storage storage(URI uri) throws IOException {
    String scheme = uri.getScheme();
    if (scheme == null) {
      throw new MillraceException("location " + uri + " has no scheme");
    }
    String key = scheme.toLowerCase(java.util.Locale.ROOT) + "://" + (uri.getAuthority() == null ? "" : uri.getAuthority());
    Storage open = storages.get(key);
    if (open != null) {
      return open;
    }
    synchronized (storages) {
      open = storages.get(key);
      if (open == null) {
        StorageProvider provider = plugins.storageForScheme(scheme);
        open = provider.open(uri, settings.options());
        storages.put(key, open);
      }
      return open;
    }
  }

  @Override
  public void close() {
    taskPool.shutdownNow();
    for (Map.Entry<String, Storage> e : storages.entrySet()) {
      try {
        e.getValue().close();
      } catch (IOException | RuntimeException ex) {
        LOG.warn("Closing storage {} failed", e.getKey(), ex);
      }
    }
    storages.clear();
  }
}
