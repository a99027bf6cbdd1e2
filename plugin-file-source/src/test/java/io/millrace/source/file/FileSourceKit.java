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
 * batch, the smallest unit a file source can take without reading it first. Files are numbered
 * without padding ({@code row-9.json}, {@code row-10.json}), so their names' text order is not
 * the order they came in.
 */
public final class FileSourceKit implements SourceKit {
  private final JsonLinesDir input;
  private final Map<String, String> extra;
  private long files;

  public FileSourceKit() {
    this(Map.of());
  }

  /** A kit whose sources also get {@code extra} options (such as {@code cleanSource}). */
  FileSourceKit(Map<String, String> extra) {
    this.extra = extra;
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
    Map<String, String> options = new java.util.HashMap<>(extra);
    options.put("path", input.dir.toString());
    options.put("format", "json");
    return options;
  }

  @Override
  public Optional<Schema> userSchema() {
    return Optional.of(Schema.parse(JsonLinesDir.SCHEMA));
  }

  @Override
  public List<Row> append(int count) throws IOException {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      rows.addAll(input.appendFile("row-" + files++ + ".json", 1));
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
