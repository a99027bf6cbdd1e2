package io.millrace.runtime;

import io.millrace.spi.Options;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The session's settings ({@code millrace.*}), with defaults, and which of them are pinned in
 * the checkpoint at a query's first run.
 */
public final class Settings {
  public static final String PLUGINS_DIR = "millrace.plugins.dir";
  public static final String MIN_BATCHES_TO_RETAIN = "millrace.minBatchesToRetain";
  public static final String NUM_RECENT_PROGRESS = "millrace.streaming.numRecentProgressUpdates";
  public static final String TASK_THREADS = "millrace.task.threads";
  public static final String MAINTENANCE_INTERVAL = "millrace.state.maintenanceInterval";
  /** A root under which a named query without a checkpointLocation gets {@code <root>/<queryName>}. */
  public static final String CHECKPOINT_ROOT = "millrace.streaming.checkpointLocation";

  public static final String SHUFFLE_PARTITIONS = "millrace.shuffle.partitions";
  public static final String STATE_PROVIDER = "millrace.state.provider";
  public static final String MAX_KEY_GROUPS = "millrace.state.maxKeyGroups";
  public static final String MULTIPLE_WATERMARK_POLICY = "millrace.watermark.multiplePolicy";
  /**
   * Whether a stateful operator's exchange hands its rows to the state side encoded, as bytes in
   * the stores' key-group layout, the form a task in another process receives; by default rows
   * cross in one process as objects. Results are the same either way.
   */
  public static final String EXCHANGE_ENCODED = "millrace.exchange.encoded";

  /**
   * Settings that cannot change once a checkpoint has state laid out by them: the value of the
   * first run is recorded in {@code offsets/N} and wins on every restart.
   */
  public static final Map<String, String> PINNED_DEFAULTS = pinnedDefaults();

  /**
   * Namespaces that plugins own: {@code millrace.hadoop.*} (Hadoop storage) and
   * {@code millrace.state.<provider>.*} (a state store's own settings).
   */
  private static final List<String> PLUGIN_NAMESPACES = List.of("millrace.hadoop.", "millrace.state.");

  private static final java.util.Set<String> KNOWN = java.util.Set.of(PLUGINS_DIR, MIN_BATCHES_TO_RETAIN,
      NUM_RECENT_PROGRESS, TASK_THREADS, MAINTENANCE_INTERVAL, CHECKPOINT_ROOT, SHUFFLE_PARTITIONS, STATE_PROVIDER,
      MAX_KEY_GROUPS, MULTIPLE_WATERMARK_POLICY, EXCHANGE_ENCODED);

  private final Options options;

  /**
   * Checks every {@code millrace.*} setting now, so a misspelt key or a bad value fails the
   * session at build instead of being ignored.
   */
  public Settings(Map<String, String> values) {
    this.options = Options.of("the session", values);
    for (String key : values.keySet()) {
      if (key.startsWith("millrace.") && !known(key)) {
        throw new io.millrace.spi.InvalidOptionException(key, "unknown setting '" + key + "'; known settings: "
            + String.join(", ", new java.util.TreeSet<>(KNOWN)) + ", and plugin settings under millrace.hadoop.* and "
            + "millrace.state.<provider>.*");
      }
    }
    minBatchesToRetain();
    numRecentProgressUpdates();
    taskThreads();
    maintenanceInterval();
    exchangeEncoded();
    pinnedForNewCheckpoint();
  }

  private static boolean known(String key) {
    if (KNOWN.contains(key)) {
      return true;
    }
    for (String ns : PLUGIN_NAMESPACES) {
      // A plugin namespace needs a further segment: millrace.state.rocksdb.x, not millrace.state.x.
      if (key.startsWith(ns) && (ns.equals("millrace.hadoop.") || key.indexOf('.', ns.length()) > 0)) {
        return true;
      }
    }
    return false;
  }

  private static Map<String, String> pinnedDefaults() {
    Map<String, String> d = new LinkedHashMap<>();
    d.put(SHUFFLE_PARTITIONS, "4");
    d.put(STATE_PROVIDER, "hdfs");
    d.put(MAX_KEY_GROUPS, "128");
    d.put(MULTIPLE_WATERMARK_POLICY, "min");
    return Map.copyOf(d);
  }

  public Options options() {
    return options;
  }

  /** The plugins directories {@value #PLUGINS_DIR} names; see {@link #pluginsDirs(String)}. */
  public List<Path> pluginsDirs() {
    return options.get(PLUGINS_DIR).map(Settings::pluginsDirs).orElse(List.of());
  }

  /**
   * The directories in a value of {@value #PLUGINS_DIR}: one or more, separated by the
   * platform's path separator ({@code :} on Linux and macOS), in order, each once (a directory
   * named twice would make every plugin in it a duplicate of itself).
   */
  public static List<Path> pluginsDirs(String value) {
    Set<Path> seen = new LinkedHashSet<>();
    List<Path> dirs = new ArrayList<>();
    for (String part : value.split(Pattern.quote(File.pathSeparator))) {
      if (!part.isBlank()) {
        Path dir = Path.of(part.strip());
        if (seen.add(dir.toAbsolutePath().normalize())) {
          dirs.add(dir);
        }
      }
    }
    return List.copyOf(dirs);
  }

  public int minBatchesToRetain() {
    return options.getInt(MIN_BATCHES_TO_RETAIN, 100, 1);
  }

  public int numRecentProgressUpdates() {
    return options.getInt(NUM_RECENT_PROGRESS, 100, 1);
  }

  /** How often the state stores' maintenance (snapshots, clean-up) runs. */
  public java.time.Duration maintenanceInterval() {
    java.time.Duration d = options.getDuration(MAINTENANCE_INTERVAL, java.time.Duration.ofSeconds(60));
    if (d.isZero() || d.isNegative()) {
      throw options.invalid(MAINTENANCE_INTERVAL, d.toString(), "a positive duration");
    }
    return d;
  }

  /** The root of named queries' checkpoints, {@link #CHECKPOINT_ROOT}, if set. */
  public java.util.Optional<String> checkpointRoot() {
    return options.get(CHECKPOINT_ROOT).filter(root -> !root.isBlank());
  }

  /** {@value #EXCHANGE_ENCODED}: whether exchanges hand rows over encoded. */
  public boolean exchangeEncoded() {
    return options.getBoolean(EXCHANGE_ENCODED, false);
  }

  public int taskThreads() {
    return options.getInt(TASK_THREADS, Runtime.getRuntime().availableProcessors(), 1);
  }

  /** The pinned settings as this session would set them for a new checkpoint. */
  public Map<String, String> pinnedForNewCheckpoint() {
    Map<String, String> pinned = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : PINNED_DEFAULTS.entrySet()) {
      pinned.put(e.getKey(), options.getString(e.getKey(), e.getValue()));
    }
    options.getInt(SHUFFLE_PARTITIONS, 4, 1);
    options.getInt(MAX_KEY_GROUPS, 128, 1);
    String policy = pinned.get(MULTIPLE_WATERMARK_POLICY);
    if (!List.of("min", "max").contains(policy.toLowerCase(java.util.Locale.ROOT))) {
      throw options.invalid(MULTIPLE_WATERMARK_POLICY, policy, "min or max");
    }
    return pinned;
  }
}
