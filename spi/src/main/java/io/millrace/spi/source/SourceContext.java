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

  /**
   * How many of the newest batches the runtime keeps recoverable
   * ({@code millrace.minBatchesToRetain}, at least 1): a source that keeps a log of its own in
   * {@link #metadataPath()} must keep what the batches after the last committed one need, and
   * may forget what only batches older than the newest {@code minBatchesToRetain} committed
   * ones needed. Added in SPI 1.2; a context that does not override it answers the runtime's
   * default, 100.
   */
  default int minBatchesToRetain() {
    return 100;
  }
}
