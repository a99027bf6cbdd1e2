package io.millrace.runtime.foreach;

import io.millrace.api.ForeachWriter;
import io.millrace.spi.data.Row;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A job-file style writer (option {@code dir}): each task writes its rows, one line each
 * ({@code id,value}), to a file of its own that it moves into {@code dir} when closed without
 * error, so that the lines a reader sees are those of tasks that finished.
 */
public final class FileForeachWriter extends ForeachWriter {
  private static final long serialVersionUID = 1L;

  private final Path dir;
  private transient Path staged;
  private transient BufferedWriter out;

  public FileForeachWriter(Map<String, String> options) {
    this.dir = Path.of(options.get("dir"));
  }

  @Override
  public boolean open(long partitionId, long epochId) {
    try {
      Files.createDirectories(dir.resolve("staged"));
      staged = dir.resolve("staged").resolve(epochId + "-" + partitionId + "-" + UUID.randomUUID());
      out = Files.newBufferedWriter(staged, StandardCharsets.UTF_8);
      return true;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void process(Row value) {
    try {
      out.write(value.get(0) + "," + value.get(1));
      out.newLine();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close(Throwable errorOrNull) {
    try {
      out.close();
      if (errorOrNull == null) {
        Files.move(staged, dir.resolve(staged.getFileName()));
      } else {
        Files.delete(staged);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every line of the tasks that finished, as {@code (id LONG, value STRING)} rows. */
  public static List<Row> readBack(Path dir) throws IOException {
    List<Row> rows = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return rows;
    }
    try (var files = Files.list(dir)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
          int comma = line.indexOf(',');
          String value = line.substring(comma + 1);
          rows.add(Row.of(Long.parseLong(line.substring(0, comma)), value.equals("null") ? null : value));
        }
      }
    }
    return rows;
  }
}
