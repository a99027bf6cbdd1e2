package io.millrace.runtime.plugin;

/** Where the runtime found a plugin, as {@code millrace plugins} shows it. */
public enum PluginOrigin {
  /** On the application's class path, loaded by the application's class loader (embedded use, the built-ins). */
  CLASS_PATH("class path"),
  /** A jar or folder of a plugins directory, loaded in a class loader of its own. */
  PLUGINS_DIR("plugins dir");

  private final String label;

  PluginOrigin(String label) {
    this.label = label;
  }

  /** How listings name it: {@code class path} or {@code plugins dir}. */
  public String label() {
    return label;
  }
}
