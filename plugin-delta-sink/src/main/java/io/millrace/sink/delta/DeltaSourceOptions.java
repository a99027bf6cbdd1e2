package io.millrace.sink.delta;

import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.Options;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The {@code delta} source's options, read and checked once when the source is created. The
 * names and meanings are Spark's Delta source's; Spark options this source does not implement
 * are refused by name with the reason, so a query never silently reads otherwise than in Spark.
 */
record DeltaSourceOptions(String path, OptionalLong startingVersion, OptionalLong versionAsOf,
    boolean skipChangeCommits, boolean ignoreDeletes, boolean ignoreChanges, Map<String, String> hadoop) {

  static final String PATH = "path";
  static final String STARTING_VERSION = "startingVersion";
  static final String VERSION_AS_OF = "versionAsOf";
  static final String SKIP_CHANGE_COMMITS = "skipChangeCommits";
  static final String IGNORE_DELETES = "ignoreDeletes";
  static final String IGNORE_CHANGES = "ignoreChanges";

  static final List<String> KNOWN = List.of(PATH, STARTING_VERSION, VERSION_AS_OF, SKIP_CHANGE_COMMITS, IGNORE_DELETES,
      IGNORE_CHANGES, HadoopOptions.PREFIX + "<key>");

  /** Spark's Delta source options that this one lacks, each with why (keys lower-cased). */
  private static final Map<String, String> NOT_IMPLEMENTED = notImplemented();

  private static Map<String, String> notImplemented() {
    Map<String, String> m = new LinkedHashMap<>();
    String rate = "rate limits are not implemented: every batch reads all commits available";
    m.put("maxfilespertrigger", rate);
    m.put("maxbytespertrigger", rate);
    m.put("startingtimestamp", "use startingVersion");
    m.put("timestampasof", "use versionAsOf");
    m.put("readchangefeed", "the change data feed is not implemented");
    m.put("excluderegex", "it is not implemented");
    m.put("schematrackinglocation", "schema changes fail the read instead");
    m.put("ignorefiledeletion", "it is Spark's deprecated name; use ignoreDeletes or skipChangeCommits");
    return m;
  }

  static DeltaSourceOptions read(Options options) {
    Map<String, String> hadoop = HadoopOptions.split(options, key -> {
      String lower = key.toLowerCase(Locale.ROOT);
      if (NOT_IMPLEMENTED.containsKey(lower)) {
        throw new InvalidOptionException(key, "option '" + key + "' of " + options.owner() + " is Spark's, but this"
            + " source does not implement it: " + NOT_IMPLEMENTED.get(lower));
      } else if (KNOWN.stream().noneMatch(k -> k.equalsIgnoreCase(key))) {
        throw new InvalidOptionException(key,
            "option '" + key + "' of " + options.owner() + " is not known; known options: " + String.join(", ", KNOWN));
      }
    });
    String path = options.require(PATH).trim();
    if (path.isEmpty()) {
      throw options.invalid(PATH, path, "the Delta table's location, such as /data/events or hdfs://nn:8020/events");
    }
    OptionalLong starting = version(options, STARTING_VERSION);
    OptionalLong asOf = version(options, VERSION_AS_OF);
    if (starting.isPresent() && asOf.isPresent()) {
      throw new InvalidOptionException(VERSION_AS_OF, "options '" + STARTING_VERSION + "' and '" + VERSION_AS_OF
          + "' of " + options.owner() + " exclude each other: versionAsOf reads one fixed snapshot,"
          + " startingVersion reads the commits from a version on");
    }
    return new DeltaSourceOptions(path, starting, asOf, options.getBoolean(SKIP_CHANGE_COMMITS, false),
        options.getBoolean(IGNORE_DELETES, false), options.getBoolean(IGNORE_CHANGES, false), hadoop);
  }

  /** A table version: a whole number >= 0 ({@code latest} is refused with the reason: it is not implemented). */
  private static OptionalLong version(Options options, String key) {
    if (!options.contains(key)) {
      return OptionalLong.empty();
    }
    String text = options.get(key).orElseThrow().trim();
    if (text.equalsIgnoreCase("latest")) {
      throw options.invalid(key, text, "a table version (a whole number >= 0); 'latest' is not implemented");
    }
    return OptionalLong.of(options.getLong(key, 0, 0));
  }
}
