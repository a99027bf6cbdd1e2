package io.millrace.tck.source;

import io.millrace.spi.data.Row;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The reference source's external system: append-only logs of rows {@code (id, name)} on local
 * disk, so that a child JVM reads them too. A log is a directory of segments, one per append,
 * each named after the index of its first row, zero-padded to two digits ({@code 00}, {@code 07},
 * {@code 123}): past row 99 the names' text order is no longer their numeric order. A segment
 * holds its row count, then the rows. Segments wholly before a committed point may be trimmed
 * (deleted), except the newest.
 */
final class ReferenceLogs {
  private static final Map<Path, Integer> COUNTS = new ConcurrentHashMap<>();

  private ReferenceLogs() {}

  /** A segment: its first row and how many rows it holds. */
  record Segment(String name, long first, int count) {
    long end() {
      return first + count;
    }
  }

  static Path create() {
    try {
      return Files.createTempDirectory("millrace-tck-log-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void remove(Path log) {
    try (Stream<Path> files = Files.walk(log)) {
      for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(f);
      }
    } catch (IOException e) {
      // a temporary directory left behind is not a result
    }
  }

  /** Appends {@code rows} as one new segment, visible whole once this returns. */
  static synchronized void append(Path log, List<Row> rows) {
    long first = size(log);
    Path tmp = log.resolve(".append.tmp");
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (DataOutputStream out = new DataOutputStream(bytes)) {
        out.writeInt(rows.size());
        for (Row row : rows) {
          out.writeLong(row.getLong(0));
          out.writeUTF(row.getString(1));
        }
      }
      Files.write(tmp, bytes.toByteArray());
      Files.move(tmp, log.resolve(String.format("%02d", first)), StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot append to the reference log " + log, e);
    }
  }

  /** The segments there now, in the order {@code ordered} gives, from their names as listed. */
  static List<Segment> segments(Path log, Comparator<String> ordered) {
    List<Segment> out = new ArrayList<>();
    try (Stream<Path> files = Files.list(log)) {
      for (String name : files.map(p -> p.getFileName().toString()).filter(n -> !n.startsWith(".")).sorted(ordered).toList()) {
        out.add(new Segment(name, Long.parseLong(name), count(log.resolve(name))));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the reference log " + log, e);
    }
    return out;
  }

  /** In numeric order of the first row: the right order. */
  static List<Segment> segments(Path log) {
    return segments(log, Comparator.comparingLong(Long::parseLong));
  }

  /** Segments never change once written, so their counts are read once. */
  private static int count(Path segment) throws IOException {
    Integer known = COUNTS.get(segment);
    if (known != null) {
      return known;
    }
    try (DataInputStream in = new DataInputStream(Files.newInputStream(segment))) {
      int count = in.readInt();
      COUNTS.put(segment, count);
      return count;
    }
  }

  /** Rows ever appended (trimmed ones included: the newest segment is never trimmed). */
  static long size(Path log) {
    List<Segment> all = segments(log);
    return all.isEmpty() ? 0 : all.get(all.size() - 1).end();
  }

  /**
   * Rows {@code from .. until-1}, read through {@code segments} as if they were the log in
   * that order; fails naming the rows if a segment that held them is gone.
   */
  static List<Row> rows(Path log, List<Segment> segments, long from, long until) {
    List<Row> out = new ArrayList<>();
    long position = segments.isEmpty() ? 0 : segments.get(0).first();
    if (from < position && from < until) {
      throw new IllegalStateException("rows " + from + ".." + (until - 1) + " of the reference log " + log
          + " are gone: it was trimmed to row " + position);
    }
    for (Segment segment : segments) {
      if (position >= until) {
        break;
      }
      if (position + segment.count() > from) {
        List<Row> rows = read(log.resolve(segment.name()));
        for (int i = 0; i < rows.size(); i++) {
          long at = position + i;
          if (at >= from && at < until) {
            out.add(rows.get(i));
          }
        }
      }
      position += segment.count();
    }
    return out;
  }

  private static List<Row> read(Path segment) {
    try (DataInputStream in = new DataInputStream(Files.newInputStream(segment))) {
      int count = in.readInt();
      List<Row> rows = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        rows.add(Row.of(in.readLong(), in.readUTF()));
      }
      return rows;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the reference segment " + segment, e);
    }
  }

  /** Deletes the segments whose rows all come before row {@code before}, except the newest. */
  static synchronized void trim(Path log, long before) {
    List<Segment> all = segments(log);
    try {
      for (Segment segment : all.subList(0, Math.max(0, all.size() - 1))) {
        if (segment.end() <= before) {
          Files.deleteIfExists(log.resolve(segment.name()));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot trim the reference log " + log, e);
    }
  }
}
