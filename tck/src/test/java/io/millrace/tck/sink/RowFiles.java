package io.millrace.tck.sink;

import io.millrace.spi.data.Row;
import io.millrace.spi.storage.FileInfo;
import io.millrace.spi.storage.Storage;
import io.millrace.tck.TckStorage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/**
 * How the self-test sinks keep rows: files of rows of {@code (id LONG, value STRING)} under
 * {@code <path>/data/}, named {@code <query id>-batch-<batch id>[-anything]}. Reading every data
 * file is what the external system shows, whoever wrote it; sinks that commit a batch with a
 * marker in {@code <path>/committed/} (of the data file's name) show only the marked files.
 */
final class RowFiles {
  private RowFiles() {}

  static URI child(URI dir, String name) {
    String base = dir.toString();
    return URI.create((base.endsWith("/") ? base : base + "/") + name);
  }

  static URI dataDir(URI path) {
    return child(path, "data/");
  }

  static URI committedDir(URI path) {
    return child(path, "committed/");
  }

  /** The start of the names of a query's batch files. */
  static String batchPrefix(String queryId) {
    return queryId + "-batch-";
  }

  static byte[] encode(List<Row> rows) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeInt(rows.size());
      for (Row row : rows) {
        out.writeLong(row.getLong(0));
        out.writeUTF(row.getString(1));
      }
    }
    return bytes.toByteArray();
  }

  static List<Row> decode(byte[] bytes) throws IOException {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
      int count = in.readInt();
      List<Row> rows = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        rows.add(Row.of(in.readLong(), in.readUTF()));
      }
      return rows;
    }
  }

  /** Every row in every data file under {@code path}. */
  static List<Row> readAll(URI path) throws IOException {
    Storage storage = TckStorage.forUri(path);
    List<Row> rows = new ArrayList<>();
    for (FileInfo file : storage.list(dataDir(path))) {
      rows.addAll(decode(storage.readAll(file.path())));
    }
    return rows;
  }

  /** Every row in the data files under {@code path} that have a marker in {@code committed/}. */
  static List<Row> readCommitted(URI path) throws IOException {
    Storage storage = TckStorage.forUri(path);
    java.util.Set<String> committed = new java.util.HashSet<>();
    storage.list(committedDir(path)).forEach(f -> committed.add(f.name()));
    List<Row> rows = new ArrayList<>();
    for (FileInfo file : storage.list(dataDir(path))) {
      if (committed.contains(file.name())) {
        rows.addAll(decode(storage.readAll(file.path())));
      }
    }
    return rows;
  }

  /** The highest batch id among the names {@code <prefix><id>...} in {@code dir}, or -1. */
  static long newestBatch(Storage storage, URI dir, String prefix) throws IOException {
    long newest = -1;
    for (FileInfo file : storage.list(dir)) {
      String name = file.name();
      if (name.startsWith(prefix)) {
        String digits = name.substring(prefix.length()).replaceAll("\\D.*$", "");
        newest = Math.max(newest, Long.parseLong(digits));
      }
    }
    return newest;
  }
}
