package io.millrace.spi;

import io.millrace.spi.sink.SinkProvider;
import io.millrace.spi.source.SourceProvider;
import io.millrace.spi.state.StateStoreProviderFactory;
import io.millrace.spi.storage.StorageProvider;
import io.millrace.spi.trigger.TriggerPolicyProvider;

/** The five kinds of plugin, each found through {@link java.util.ServiceLoader} by its service interface. */
public enum PluginKind {
  SOURCE("source", SourceProvider.class),
  SINK("sink", SinkProvider.class),
  TRIGGER("trigger", TriggerPolicyProvider.class),
  STATE_STORE("state store", StateStoreProviderFactory.class),
  STORAGE("storage", StorageProvider.class);

  private final String label;
  private final Class<? extends Plugin> service;

  PluginKind(String label, Class<? extends Plugin> service) {
    this.label = label;
    this.service = service;
  }

  /** A lower-case word for messages, e.g. {@code "source"}. */
  public String label() {
    return label;
  }

  /** The interface a plugin of this kind implements and lists in {@code META-INF/services}. */
  public Class<? extends Plugin> service() {
    return service;
  }
}
