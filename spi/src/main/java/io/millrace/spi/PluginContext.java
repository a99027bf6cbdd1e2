package io.millrace.spi;

import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.net.URI;

/** What the runtime hands a plugin when it creates one for a query. */
public interface PluginContext {

  /** The plugin's options, as the user set them; errors they raise name the plugin. */
  Options options();

  /** The query's id, stable across restarts of one checkpoint. */
  String queryId();

  /**
   * The storage that serves {@code uri}'s scheme ({@code file:} built in, others from storage
   * plugins). Plugins must reach files only through this, never through a file system
   * library of their own.
   *
   * @throws io.millrace.spi.MillraceException naming the scheme and the installed ones if no
   *     storage serves it
   */
  Storage storage(URI uri) throws IOException;

  /**
   * Where the plugin reports the {@link io.millrace.spi.fault.FaultPoint}s inside it (a sink
   * part-way through a write, a state store between writing and publishing a version), so
   * crash tests can stop it there. {@link FaultInjector#NONE} outside tests.
   */
  default FaultInjector faultInjector() {
    return FaultInjector.NONE;
  }
}
