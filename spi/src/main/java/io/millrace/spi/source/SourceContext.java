package io.millrace.spi.source;

import io.millrace.spi.PluginContext;
import io.millrace.spi.data.Schema;
import java.net.URI;
import java.util.Optional;

/** What a source is created with. */
public interface SourceContext extends PluginContext {

  /** The schema the user gave with {@code readStream().schema(..)}, if any. */
  Optional<Schema> userSchema();

  /**
   * A directory that belongs to this source alone ({@code <checkpoint>/sources/<i>}), for the
   * source's own log, such as the files each batch took. It survives restarts.
   */
  URI metadataPath();
}
