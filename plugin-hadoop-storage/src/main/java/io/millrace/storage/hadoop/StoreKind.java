package io.millrace.storage.hadoop;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * How a Hadoop scheme publishes a file, and what that lets it promise.
 *
 * <p>HDFS-like stores have a NameNode-style namespace whose rename is one atomic metadata
 * operation; object stores implement rename as copy and delete, so it must never be on the
 * commit path.
 */
enum StoreKind {
  /** Write a hidden temporary file, then {@code FileContext.rename(..., Rename.NONE)}. */
  RENAMING,
  /** Buffer locally, then write the final object in one piece with {@code create(overwrite=false)}. */
  OBJECT_STORE;

  /** Every scheme the Hadoop storage serves. {@code file:} is the built-in local storage's. */
  static final Set<String> SCHEMES =
      Set.of("hdfs", "viewfs", "webhdfs", "o3fs", "ofs", "s3a", "abfs", "abfss", "gs", "wasb", "wasbs");

  private static final Set<String> RENAMING_SCHEMES = Set.of("hdfs", "viewfs", "webhdfs", "o3fs", "ofs");

  /**
   * Schemes whose rename with {@code Rename.NONE} is one server-side operation that refuses an
   * existing target: HDFS's {@code rename2} RPC, reached directly, over WebHDFS, or through a
   * viewfs mount of HDFS. Ozone's client is not verified here, so it is not promised.
   */
  private static final Set<String> ATOMIC_RENAME_SCHEMES = Set.of("hdfs", "viewfs", "webhdfs");

  /** The connector jar that brings each scheme whose FileSystem is not in Hadoop's client jars. */
  private static final Map<String, String> CONNECTORS = Map.of(
      "abfs", "org.apache.hadoop:hadoop-azure",
      "abfss", "org.apache.hadoop:hadoop-azure",
      "wasb", "org.apache.hadoop:hadoop-azure",
      "wasbs", "org.apache.hadoop:hadoop-azure",
      "gs", "com.google.cloud.bigdataoss:gcs-connector",
      "o3fs", "org.apache.ozone:ozone-filesystem-hadoop3",
      "ofs", "org.apache.ozone:ozone-filesystem-hadoop3");

  /** The kind of {@code scheme}, which must be one of {@link #SCHEMES}. */
  static StoreKind of(String scheme) {
    String s = normalize(scheme);
    if (!SCHEMES.contains(s)) {
      throw new IllegalArgumentException(
          "the hadoop storage serves the schemes " + new java.util.TreeSet<>(SCHEMES) + "; got '" + scheme + "'");
    }
    return RENAMING_SCHEMES.contains(s) ? RENAMING : OBJECT_STORE;
  }

  /** Whether two racing creates of one path on {@code scheme} always leave exactly one winner. */
  static boolean atomicCreateIfAbsent(String scheme) {
    return ATOMIC_RENAME_SCHEMES.contains(normalize(scheme));
  }

  /** The Maven coordinates of the connector {@code scheme} needs beyond Hadoop's client, if any. */
  static Optional<String> connector(String scheme) {
    return Optional.ofNullable(CONNECTORS.get(normalize(scheme)));
  }

  private static String normalize(String scheme) {
    return scheme == null ? "" : scheme.toLowerCase(Locale.ROOT);
  }
}
