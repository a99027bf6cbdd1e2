package io.millrace.source.file;

import io.millrace.spi.data.Row;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A local input directory for tests: each file is written under a hidden temporary name and
 * then renamed into place, as the source expects writers to do. Rows have the baseline's shape,
 * {@code ts TIMESTAMP, id BIGINT, key STRING, amount DOUBLE}, and a unique id.
 */
final class JsonLinesDir {
  static final String SCHEMA = "ts TIMESTAMP, id BIGINT, key STRING, amount DOUBLE";
  private static final Instant BASE = Instant.parse("2026-09-14T23:59:57.067Z");

  final Path dir;
  private long nextId;
  private int nextFile;

  JsonLinesDir(Path dir) {
    this.dir = dir;
  }

  /** The row with id {@code id}, as the source reads it. */
  static Row row(long id) {
    Instant ts = BASE.plusMillis(id * 7);
    return Row.of(ts.getEpochSecond() * 1_000_000L + ts.getNano() / 1_000, id, key(id), amount(id));
  }

  static String line(long id) {
    return "{\"ts\":\"" + BASE.plusMillis(id * 7) + "\",\"id\":" + id + ",\"key\":\"" + key(id) + "\",\"amount\":"
        + amount(id) + "}";
  }

  private static String key(long id) {
    return String.format("k%05d", id % 10_000);
  }

  private static double amount(long id) {
    return id * 0.25;
  }

  /** Writes {@code rows} new rows into one new file and returns them. */
  List<Row> appendFile(int rows) throws IOException {
    return appendFile(String.format("part-%05d.json", nextFile++), rows);
  }

  /** Writes {@code rows} new rows into one new file named {@code name} and returns them. */
  List<Row> appendFile(String name, int rows) throws IOException {
    List<Row> out = new ArrayList<>();
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < rows; i++) {
      long id = nextId++;
      text.append(line(id)).append('\n');
      out.add(row(id));
    }
    writeFile(name, text.toString());
    return out;
  }

  /** Writes {@code content} to {@code name} through a hidden temporary name and a rename. */
  Path writeFile(String name, String content) throws IOException {
    Path tmp = dir.resolve("." + name + ".tmp");
    Files.writeString(tmp, content, StandardCharsets.UTF_8);
    return Files.move(tmp, dir.resolve(name), StandardCopyOption.ATOMIC_MOVE);
  }

  /** Sets a file's modification time, for the ordering and age rules. */
  static void touch(Path file, Instant time) throws IOException {
    Files.setLastModifiedTime(file, FileTime.from(time));
  }
}
