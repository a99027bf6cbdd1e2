package io.millrace.spi;

/**
 * What every plugin provider tells the runtime about itself.
 *
 * <p>A provider is the class named in {@code META-INF/services/<service interface>}. It must
 * have a public no-argument constructor and must be cheap to construct: the runtime builds
 * one of each to read its name, even for plugins a query never uses. Real work (connections,
 * threads, files) belongs in the objects the provider creates.
 */
public interface Plugin {

  /**
   * The short name users select the plugin by, such as {@code "memory"} or {@code "rocksdb"}.
   * Names are compared case-insensitively and must be unique within a {@link #kind()}.
   * For a {@link PluginKind#STORAGE} plugin the name is a label; it is selected by URI scheme.
   */
  String name();

  /** Which of the five kinds this provider is; fixed by the service interface. */
  PluginKind kind();

  /**
   * The SPI version this plugin was compiled against. Implement it exactly as {@code return
   * Spi.VERSION;} so the constant is inlined into your class file; see {@link Spi}.
   */
  String spiVersion();

  /** The plugin's own version, shown by {@code millrace plugins}. */
  default String version() {
    Package pkg = getClass().getPackage();
    String v = pkg == null ? null : pkg.getImplementationVersion();
    return v == null ? "unversioned" : v;
  }

  /** One line for listings. */
  default String description() {
    return "";
  }
}
