package io.millrace.sink.file;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.millrace.spi.CorruptFileException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The manifest log in {@code <path>/_millrace_metadata/}: one file per committed batch, the
 * commit point of the batch. A batch's file is {@code <batchId>} (a delta: the batch's data
 * files) or, every {@code compactInterval} batches, {@code <batchId>.compact} (every live entry
 * of the log up to that batch); once a compact file is durable the files before it are deleted,
 * so the directory holds at most {@code compactInterval} files.
 *
 * <p>A file is {@code v1}, a header line {@code {"queryId":..,"batchId":..,"kind":..,"files":n}}
 * and {@code n} entry lines, written to a hidden temporary name, synced and renamed into place,
 * so a reader never sees part of one. A file that does not parse, or holds another number of
 * entries than its header says, is reported as a {@link CorruptFileException} naming it.
 */
final class ManifestLog {
  static final String DIR = "_millrace_metadata";
  private static final System.Logger LOG = System.getLogger(ManifestLog.class.getName());
  private static final String VERSION = "v1";
  private static final String COMPACT = ".compact";
  private static final Pattern NAME = Pattern.compile("(\\d+)(\\.compact)?");
  private static final ObjectMapper JSON = new ObjectMapper();

  private final FileSystem fs;
  private final Path dir;

  ManifestLog(FileSystem fs, Path root) {
    this.fs = fs;
    this.dir = new Path(root, DIR);
  }

  /** What the log holds: the latest batch (-1 if none), its query, the live entries, deltas since the last compact file. */
  record State(long latestBatch, String queryId, List<ManifestEntry> live, int deltasSinceCompact, long compactId) {}

  /** Reads the log: the newest compact file and the deltas after it; files older than that compact file are not read. */
  State read() throws IOException {
    Map<Long, Path> deltas = new java.util.TreeMap<>();
    long compactId = -1;
    if (!fs.exists(dir)) {
      return new State(-1, null, List.of(), 0, -1);
    }
    for (FileStatus status : fs.listStatus(dir)) {
      String name = status.getPath().getName();
      Matcher m = NAME.matcher(name);
      if (!status.isFile() || !m.matches()) {
        if (!name.startsWith(".")) {
          LOG.log(Level.WARNING, "ignoring " + status.getPath() + " in the file sink's manifest log: not a manifest");
        }
        continue;
      }
      long id = Long.parseLong(m.group(1));
      if (m.group(2) != null) {
        compactId = Math.max(compactId, id);
      } else {
        deltas.put(id, status.getPath());
      }
    }
    List<ManifestEntry> live = new ArrayList<>();
    long latest = compactId;
    String queryId = null;
    if (compactId >= 0) {
      Manifest compact = parse(new Path(dir, compactId + COMPACT));
      live.addAll(compact.entries());
      queryId = compact.queryId();
    }
    int sinceCompact = 0;
    for (Map.Entry<Long, Path> delta : deltas.entrySet()) {
      if (delta.getKey() > compactId) {
        Manifest m = parse(delta.getValue());
        live.addAll(m.entries());
        queryId = m.queryId();
        latest = delta.getKey();
        sinceCompact++;
      }
    }
    return new State(latest, queryId, live, sinceCompact, compactId);
  }

  /**
   * Files a compact file of batch {@code compactId} made obsolete (the batches before it), and
   * temporary files of writes that died before their rename.
   */
  List<Path> olderThan(long compactId) throws IOException {
    List<Path> out = new ArrayList<>();
    if (!fs.exists(dir)) {
      return out;
    }
    for (FileStatus status : fs.listStatus(dir)) {
      Path p = status.getPath();
      String name = p.getName();
      if (name.startsWith(".") || (NAME.matcher(name).matches() && idOf(p) < compactId)) {
        out.add(p);
      }
    }
    return out;
  }

  private static long idOf(Path p) {
    Matcher m = NAME.matcher(p.getName());
    return m.matches() ? Long.parseLong(m.group(1)) : Long.MAX_VALUE;
  }

  /** Writes batch {@code batchId}'s manifest durably and atomically; {@code compact} makes it a compact file of {@code entries}. */
  Path write(long batchId, String queryId, boolean compact, List<ManifestEntry> entries) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    bytes.write((VERSION + "\n").getBytes(StandardCharsets.UTF_8));
    Map<String, Object> header = new LinkedHashMap<>();
    header.put("queryId", queryId);
    header.put("batchId", batchId);
    header.put("kind", compact ? "compact" : "delta");
    header.put("files", entries.size());
    bytes.write(JSON.writeValueAsBytes(header));
    bytes.write('\n');
    for (ManifestEntry e : entries) {
      bytes.write(JSON.writeValueAsBytes(e));
      bytes.write('\n');
    }
    Path target = new Path(dir, batchId + (compact ? COMPACT : ""));
    Path temp = new Path(dir, "." + target.getName() + "." + UUID.randomUUID() + ".tmp");
    fs.mkdirs(dir);
    try (FSDataOutputStream out = fs.create(temp, false)) {
      out.write(bytes.toByteArray());
      out.hsync();
    }
    if (fs.exists(target)) {
      fs.delete(temp, false);
      throw new IOException("the file sink's manifest " + target + " exists already: another writer committed batch "
          + batchId + " to this directory at the same time; one query per output directory");
    }
    if (!fs.rename(temp, target)) {
      fs.delete(temp, false);
      throw new IOException("could not publish the file sink's manifest " + target);
    }
    return target;
  }

  /** One manifest file, parsed. */
  record Manifest(String queryId, long batchId, List<ManifestEntry> entries) {}

  Manifest parse(Path file) throws IOException {
    byte[] data;
    try (InputStream in = fs.open(file)) {
      data = in.readAllBytes();
    }
    String[] lines = new String(data, StandardCharsets.UTF_8).split("\n", -1);
    if (lines.length < 2 || !lines[0].equals(VERSION)) {
      throw corrupt(file, "it does not start with the line '" + VERSION + "'");
    }
    try {
      JsonNode header = JSON.readTree(lines[1]);
      int files = header.path("files").asInt(-1);
      long batchId = header.path("batchId").asLong(-1);
      if (files < 0 || batchId != idOf(file) || lines.length != files + 3 || !lines[files + 2].isEmpty()) {
        throw corrupt(file, "its header " + lines[1] + " does not match the file's name or its " + (lines.length - 3)
            + " entry lines (a truncated or edited file)");
      }
      List<ManifestEntry> entries = new ArrayList<>(files);
      for (int i = 0; i < files; i++) {
        JsonNode e = JSON.readTree(lines[i + 2]);
        if (!e.hasNonNull("path") || !e.hasNonNull("staged") || !e.hasNonNull("batchId")) {
          throw corrupt(file, "entry line " + (i + 3) + " lacks path, staged or batchId: " + lines[i + 2]);
        }
        entries.add(new ManifestEntry(e.get("path").asText(), e.get("staged").asText(), e.path("size").asLong(),
            e.path("rows").asLong(), e.get("batchId").asLong(), e.path("commitTime").asLong()));
      }
      return new Manifest(header.path("queryId").asText(null), batchId, entries);
    } catch (JsonProcessingException e) {
      throw corrupt(file, "a line is not JSON (" + e.getOriginalMessage() + ")");
    }
  }

  private static CorruptFileException corrupt(Path file, String problem) {
    return new CorruptFileException(file.toString(), "the file sink's manifest cannot be read: " + problem
        + "; nothing was written or deleted. Restore the file, or move the output directory aside");
  }
}
