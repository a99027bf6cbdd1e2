package io.millrace.runtime.exec;

import io.millrace.api.AnalysisException;
import io.millrace.runtime.Engine;
import io.millrace.runtime.Locations;
import io.millrace.runtime.Settings;
import io.millrace.runtime.plugin.InstalledPlugin;
import io.millrace.spi.PluginKind;
import io.millrace.spi.sink.SinkProvider;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where a query's checkpoint is, decided before anything is opened (Spark's rule): the
 * query's own {@code checkpointLocation}; else {@code <root>/<queryName>} under the session's
 * {@code millrace.streaming.checkpointLocation}; else, for foreachBatch and the sinks that
 * {@linkplain SinkProvider#allowsTemporaryCheckpoint() allow it}, a temporary directory deleted
 * when the query stops. Any other query is refused: without a checkpoint it would start over on
 * every run and write its output again.
 *
 * @param uri the checkpoint directory, ending in '/'
 * @param durable false for a temporary checkpoint
 */
record CheckpointLocation(URI uri, boolean durable) {
  private static final Logger LOG = LoggerFactory.getLogger(CheckpointLocation.class);

  static CheckpointLocation of(Engine engine, QuerySpec spec) throws IOException {
    if (spec.checkpointLocation().isPresent()) {
      return new CheckpointLocation(Locations.asDirectory(Locations.toUri(spec.checkpointLocation().get())), true);
    }
    Optional<String> root = engine.settings().checkpointRoot();
    if (root.isPresent() && spec.queryName().isPresent()) {
      URI uri = underRoot(root.get(), spec.queryName().get());
      LOG.info("Query {} keeps its checkpoint in {} ({} + its name)", spec.queryName().get(), uri, Settings.CHECKPOINT_ROOT);
      return new CheckpointLocation(uri, true);
    }
    if (spec.foreachBatch().isPresent() || engine.plugins().sink(spec.sinkFormat().orElseThrow()).allowsTemporaryCheckpoint()) {
      URI temporary = Locations.asDirectory(Files.createTempDirectory("millrace-checkpoint-").toUri());
      LOG.warn("No checkpointLocation given: using the temporary checkpoint {}, deleted when the query stops; "
          + "the query cannot be restarted where it left off", temporary);
      return new CheckpointLocation(temporary, false);
    }
    throw new CheckpointLocationMissingException("sink '" + spec.sinkFormat().get() + "' needs a checkpointLocation: "
        + "without one the query starts over on every run, so a rerun would write again what this run wrote. "
        + (root.isPresent()
            ? Settings.CHECKPOINT_ROOT + " is " + root.get() + ", but the query has no queryName to pick its directory "
                + "under it; give it a queryName, or its own option(\"checkpointLocation\", DIR)"
            : "Give the query option(\"checkpointLocation\", DIR) (in a job file, the field checkpointLocation), or set "
                + Settings.CHECKPOINT_ROOT + " to a root directory and give the query a queryName")
        + ". Only foreachBatch and sinks whose output does not outlive the run may run without one, on a temporary "
        + "checkpoint (installed: " + String.join(", ", sinksAllowingTemporaryCheckpoints(engine)) + ")");
  }

  /** {@code <root>/<name>/}; the name must be one directory name, not a path. */
  private static URI underRoot(String root, String name) {
    if (name.isBlank() || name.equals(".") || name.equals("..") || name.contains("/") || name.contains("\\")) {
      throw new AnalysisException("the query name '" + name + "' cannot name its checkpoint directory under "
          + Settings.CHECKPOINT_ROOT + " (" + root + "): it must be one directory name, without '/' or '\\'; "
          + "rename the query or give it its own checkpointLocation");
    }
    try {
      String segment = new URI(null, null, name, null).getRawPath();
      return URI.create(Locations.asDirectory(Locations.toUri(root)) + segment + "/");
    } catch (URISyntaxException e) {
      throw new AnalysisException("the query name '" + name + "' cannot name a directory: " + e.getMessage(), e);
    }
  }

  private static List<String> sinksAllowingTemporaryCheckpoints(Engine engine) {
    return engine.plugins().installed().stream()
        .filter(p -> p.kind() == PluginKind.SINK && ((SinkProvider) p.provider()).allowsTemporaryCheckpoint())
        .map(InstalledPlugin::name)
        .toList();
  }
}
