package io.millrace.it;

import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;

/** The stateful query's whole checkpoint on a local {@code file:} directory. */
class FileCheckpointTest extends StatefulQueryCheckpointTests {
  @TempDir Path dir;

  @Override
  protected URI freshCheckpoint() {
    return URI.create(dir.toUri() + "ckpt/");
  }

  @Override
  protected Map<String, String> storeSettings() {
    return Map.of();
  }
}
