package io.millrace.source.file;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.SourceProvider;
import io.millrace.tck.source.SourceKit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The TCK kit: a fresh temporary input directory per rule, with each appended row in a file of
 * its own. One row per file is what lets S07 hold: a {@code maxRows} limit takes one file per
 * batch, the smallest unit a file source can take without reading it first.
 */
public final class FileSourceKit implements SourceKit {
  private final JsonLinesDir input;

  public FileSourceKit() {
    try {
      input = new JsonLinesDir(Files.createTempDirectory("millrace-file-source-tck"));
    } catch (IOException e) {
      throw new IllegalStateException("cannot create the input directory", e);
    }
  }

  @Override
  public SourceProvider provider() {
    return new FileSourceProvider();
  }

  @Override
  public Map<String, String> options() {
    return Map.of("path", input.dir.toString(), "format", "json");
  }

  @Override
  public Optional<Schema> userSchema() {
    return Optional.of(Schema.parse(JsonLinesDir.SCHEMA));
  }

  @Override
  public List<Row> append(int count) throws IOException {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      rows.addAll(input.appendFile(1));
    }
    return rows;
  }

  @Override
  public void close() throws IOException {
    try (Stream<Path> paths = Files.walk(input.dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }
}
