package io.millrace.runtime.plugin;

import io.millrace.spi.MillraceException;
import io.millrace.spi.PluginKind;
import java.util.Collection;
import java.util.List;

/**
 * No installed plugin has the name (or, for storage, serves the URI scheme) that was asked
 * for. The message lists what is installed, so a typo is obvious.
 */
public class UnknownPluginException extends MillraceException {
  private static final long serialVersionUID = 1L;

  /** Shown when a scheme is missing and the plugin that serves the common ones is not there. */
  private static final String HDFS_HINT = " (install plugin-hadoop-storage for hdfs:, s3a:, ...)";

  private final PluginKind kind;
  private final String requested;
  private final List<String> installed;

  private UnknownPluginException(String message, PluginKind kind, String requested, List<String> installed) {
    super(message);
    this.kind = kind;
    this.requested = requested;
    this.installed = installed;
  }

  /** No plugin of {@code kind} is named {@code name}. */
  static UnknownPluginException forName(PluginKind kind, String name, Collection<String> installedNames) {
    List<String> names = sorted(installedNames);
    String message = "unknown " + kind.label() + " '" + name + "'; installed " + plural(kind) + ": " + listing(names);
    return new UnknownPluginException(message, kind, name, names);
  }

  /** No storage plugin serves {@code scheme}. */
  static UnknownPluginException forScheme(String scheme, Collection<String> installedSchemes) {
    List<String> schemes = sorted(installedSchemes);
    String hint = schemes.contains("hdfs") ? "" : HDFS_HINT;
    String message = "no storage serves scheme '" + scheme + "'; installed schemes: " + listing(schemes) + hint;
    return new UnknownPluginException(message, PluginKind.STORAGE, scheme, schemes);
  }

  /** The kind of plugin that was asked for. */
  public PluginKind kind() {
    return kind;
  }

  /** The name or scheme as it was asked for. */
  public String requested() {
    return requested;
  }

  /** The names (or schemes) that are installed, sorted. */
  public List<String> installed() {
    return installed;
  }

  private static List<String> sorted(Collection<String> values) {
    return values.stream().sorted(String.CASE_INSENSITIVE_ORDER).toList();
  }

  private static String listing(List<String> values) {
    return values.isEmpty() ? "none" : String.join(", ", values);
  }

  private static String plural(PluginKind kind) {
    // "storages" reads badly; every other label takes a plain "s".
    return kind == PluginKind.STORAGE ? "storage plugins" : kind.label() + "s";
  }
}
