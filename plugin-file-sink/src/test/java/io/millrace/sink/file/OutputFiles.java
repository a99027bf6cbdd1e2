package io.millrace.sink.file;

import io.millrace.spi.data.Schema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.conf.Configuration;

/**
 * The data files of an output directory, found the two ways a reader finds them: through the
 * manifest log, and by listing the directory as Spark's file index does (skipping every path
 * with a component that starts with {@code _} or {@code .}).
 */
final class OutputFiles {
  private OutputFiles() {}

  /**
   * The files the manifest log names, relative to {@code dir}: each where it is published, or
   * where it is staged while a crash keeps it from its place (the manifest reader's rule).
   */
  static List<String> byManifest(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return List.of();
    }
    FileSystem fs = new LocalFileSystem().getRaw();
    fs.initialize(java.net.URI.create("file:///"), new Configuration());
    ManifestLog log = new ManifestLog(fs, new org.apache.hadoop.fs.Path(dir.toUri()));
    List<String> out = new ArrayList<>();
    for (ManifestEntry e : log.read().live()) {
      out.add(Files.exists(dir.resolve(e.path())) ? e.path() : e.staged());
    }
    return out;
  }

  /** The files a plain directory listing shows, relative to {@code dir}. */
  static List<String> byListing(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(Files::isRegularFile)
          .map(p -> dir.relativize(p).toString())
          .filter(rel -> Stream.of(rel.split("/")).noneMatch(part -> part.startsWith("_") || part.startsWith(".")))
          .sorted()
          .toList();
    }
  }

  /** The rows of {@code files} (relative to {@code dir}), read with the format's own library, partition values from the path. */
  static List<io.millrace.spi.data.Row> rows(String format, Path dir, List<String> files, Schema schema)
      throws IOException {
    List<io.millrace.spi.data.Row> out = new ArrayList<>();
    for (String f : files) {
      out.addAll(ReadBack.rows(format, dir.resolve(f), schema, PathValues.of(f)));
    }
    return out;
  }
}
