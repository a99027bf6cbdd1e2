package io.millrace.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** Line counts from the dataset's manifest.json, so rows/s counts lines read, as the Spark harness does. */
final class Manifest {
  private Manifest() {}

  static long lines(Path data, List<Path> files) throws IOException {
    JsonNode manifest = EndToEndBench.JSON.readTree(data.resolve("manifest.json").toFile());
    long total = 0;
    for (Path f : files) {
      String rel = data.relativize(f).toString();
      JsonNode entry = null;
      for (JsonNode e : manifest.get("files")) {
        if (e.get("path").asText().equals(rel)) {
          entry = e;
        }
      }
      if (entry == null) {
        throw new IllegalStateException(rel + " is not in " + data.resolve("manifest.json"));
      }
      total += entry.get("lines").asLong();
    }
    return total;
  }
}
