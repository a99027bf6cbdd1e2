package io.millrace.spi;

/**
 * The version of this SPI.
 *
 * <p>Versions are {@code MAJOR.MINOR}. A plugin built against {@code M.n} loads into a runtime
 * whose SPI is {@code M.m} with {@code m >= n}: minor versions only add. Any other pair is
 * refused at load with both versions in the message.
 *
 * <p>A plugin reports the version it was compiled against by implementing
 * {@link Plugin#spiVersion()} as {@code return Spi.VERSION;}. Because {@code VERSION} is a
 * compile-time constant, javac copies its value into the plugin's own class file, so the
 * method keeps returning the build-time version whatever SPI the plugin later runs on.
 */
public final class Spi {
  /**
   * The version of this SPI, {@code MAJOR.MINOR}. 1.1 added to the state store
   * {@code putIfAbsent}, {@code range}, {@code supportsRangeScan} and {@code removeRange}, each
   * with a default, so stores built for 1.0 still load. 1.2 added
   * {@code SinkProvider.allowsTemporaryCheckpoint()} (default false),
   * {@link io.millrace.spi.source.SourceContext#minBatchesToRetain()} (default 100), the fault
   * point {@code DURING_LOG_PURGE} and {@link io.millrace.spi.data.TimestampText}; with it
   * {@code DataType.parse} refuses type names the data model lacks ({@code FLOAT}, {@code DATE},
   * {@code DECIMAL(p, s)} ...) that 1.1 read silently as another type. 1.3 added per-task
   * writing to the sink ({@code Sink.writesPerTask}, {@code createWriter}, {@code commit},
   * {@code abort}, {@code TaskWriter}, {@code WriterCommitMessage}), each with a default, and
   * made {@code Sink.addBatch} a default for sinks that write per task; and made
   * {@code InputPartition} {@code Serializable}. 1.4 added the types BYTE, SHORT, FLOAT,
   * DECIMAL, DATE, TIMESTAMP_NTZ, ARRAY and MAP. 1.5 added column pruning
   * ({@code SourceCapability.COLUMN_PRUNING}, {@code Source.pruneColumns}). 1.6 added
   * {@code StateStore.Presence} and the {@code put} and {@code remove} that take it, with
   * defaults, so a store may keep its key count without a lookup per write.
   */
  public static final String VERSION = "1.6";

  private Spi() {}

  /**
   * Whether a plugin compiled against {@code pluginVersion} can run on an SPI of version
   * {@code runtimeVersion}.
   *
   * @throws IllegalArgumentException when either version is not {@code MAJOR.MINOR}
   */
  public static boolean compatible(String pluginVersion, String runtimeVersion) {
    int[] plugin = parse(pluginVersion);
    int[] runtime = parse(runtimeVersion);
    return plugin[0] == runtime[0] && plugin[1] <= runtime[1];
  }

  private static int[] parse(String version) {
    String[] parts = version == null ? new String[0] : version.trim().split("\\.");
    if (parts.length != 2) {
      throw new IllegalArgumentException("SPI version '" + version + "' is not MAJOR.MINOR");
    }
    try {
      return new int[] {Integer.parseInt(parts[0]), Integer.parseInt(parts[1])};
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("SPI version '" + version + "' is not MAJOR.MINOR", e);
    }
  }
}
