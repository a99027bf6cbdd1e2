package io.millrace.source.file;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.millrace.spi.CorruptFileException;
import io.millrace.spi.MillraceException;
import io.millrace.spi.storage.FileInfo;
import io.millrace.spi.storage.Storage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;

/**
 * The source's own log of which files each of its entries took, under the source's metadata
 * directory ({@code <checkpoint>/sources/<i>/}).
 *
 * <p>Entry {@code n} is the file {@code <n>}; every {@code compactInterval}-th entry (when
 * {@code (n + 1) % compactInterval == 0}) is followed by {@code <n>.compact}, which holds every
 * entry from 0 to n, so a restart reads the newest compact file and the fewer than
 * {@code compactInterval} entries after it rather than every entry ever written. Each file is
 * {@code v1}, one JSON object per file, then {@code crc32:<hex>} over everything before it, and
 * is written create-if-absent: a file that exists already means a second writer on the same
 * checkpoint and fails. A file that is truncated, fails its checksum or does not parse raises
 * {@link CorruptFileException} naming it.
 */
final class SourceFileLog {
  private static final String VERSION = "v1";
  private static final String CRC_PREFIX = "crc32:";
  private static final String COMPACT_SUFFIX = ".compact";
  private static final JsonFactory JSON = new JsonFactory();

  private final Storage storage;
  private final URI dir;
  private final int compactInterval;

  SourceFileLog(Storage storage, URI dir, int compactInterval) {
    this.storage = storage;
    String s = dir.toString();
    this.dir = s.endsWith("/") ? dir : URI.create(s + "/");
    this.compactInterval = compactInterval;
  }

  /** The newest entry's number, or -1 when the log is empty. */
  long latestId() throws IOException {
    long latest = -1;
    for (FileInfo file : storage.list(dir)) {
      latest = Math.max(latest, idOf(file.name()));
    }
    return latest;
  }

  /** The files entry {@code id} took, from its own file or, if that is gone, a compact file. */
  List<FileEntry> entries(long id) throws IOException {
    URI delta = dir.resolve(Long.toString(id));
    if (storage.status(delta).isPresent()) {
      return read(delta);
    }
    long compact = newestCompactAtOrAfter(id);
    if (compact < 0) {
      throw new CorruptFileException(delta.toString(), "missing: the source log has no entry " + id
          + " and no compact file holding it");
    }
    List<FileEntry> out = new ArrayList<>();
    for (FileEntry entry : read(dir.resolve(compact + COMPACT_SUFFIX))) {
      if (entry.logOffset() == id) {
        out.add(entry);
      }
    }
    return out;
  }

  /** Every entry from 0 to {@code upTo}: the newest compact file at or before it, then the entries after. */
  List<FileEntry> all(long upTo) throws IOException {
    long compact = -1;
    for (FileInfo file : storage.list(dir)) {
      String name = file.name();
      if (name.endsWith(COMPACT_SUFFIX)) {
        long id = idOf(name);
        if (id <= upTo) {
          compact = Math.max(compact, id);
        }
      }
    }
    List<FileEntry> out = new ArrayList<>();
    if (compact >= 0) {
      out.addAll(read(dir.resolve(compact + COMPACT_SUFFIX)));
    }
    for (long id = compact + 1; id <= upTo; id++) {
      out.addAll(read(dir.resolve(Long.toString(id))));
    }
    return out;
  }

  /** Records entry {@code id}, then compacts if it is due. */
  void add(long id, List<FileEntry> files) throws IOException {
    URI path = dir.resolve(Long.toString(id));
    if (!storage.createIfAbsent(path, encode(files))) {
      throw new MillraceException("source log entry " + path + " exists already: another query is using this "
          + "checkpoint, or the log was changed by hand");
    }
    if ((id + 1) % compactInterval == 0) {
      URI compact = dir.resolve(id + COMPACT_SUFFIX);
      // Losing this race to an identical compaction is harmless: its content is the same entries.
      storage.createIfAbsent(compact, encode(all(id)));
    }
  }

  private long newestCompactAtOrAfter(long id) throws IOException {
    long best = -1;
    for (FileInfo file : storage.list(dir)) {
      if (file.name().endsWith(COMPACT_SUFFIX)) {
        long c = idOf(file.name());
        if (c >= id && (best < 0 || c < best)) {
          best = c;
        }
      }
    }
    return best;
  }

  /** The entry number a log file name carries, or -1 for a name that is not a log file. */
  private static long idOf(String name) {
    String digits = name.endsWith(COMPACT_SUFFIX) ? name.substring(0, name.length() - COMPACT_SUFFIX.length()) : name;
    if (digits.isEmpty() || digits.length() > 18) {
      return -1;
    }
    for (int i = 0; i < digits.length(); i++) {
      if (!Character.isDigit(digits.charAt(i))) {
        return -1;
      }
    }
    return Long.parseLong(digits);
  }

  static byte[] encode(List<FileEntry> files) throws IOException {
    StringWriter body = new StringWriter();
    body.write(VERSION);
    body.write('\n');
    for (FileEntry file : files) {
      StringWriter line = new StringWriter();
      try (JsonGenerator out = JSON.createGenerator(line)) {
        out.writeStartObject();
        out.writeStringField("path", file.path().toString());
        out.writeNumberField("size", file.size());
        out.writeNumberField("modificationTime", file.modificationTimeMillis());
        out.writeNumberField("logOffset", file.logOffset());
        out.writeEndObject();
      }
      body.write(line.toString());
      body.write('\n');
    }
    byte[] content = body.toString().getBytes(StandardCharsets.UTF_8);
    ByteArrayOutputStream all = new ByteArrayOutputStream(content.length + 20);
    all.write(content);
    all.write((CRC_PREFIX + Long.toHexString(crc(content, content.length)) + "\n").getBytes(StandardCharsets.UTF_8));
    return all.toByteArray();
  }

  private List<FileEntry> read(URI path) throws IOException {
    byte[] bytes;
    try {
      bytes = storage.readAll(path);
    } catch (java.nio.file.NoSuchFileException e) {
      throw new CorruptFileException(path.toString(), "missing", e);
    }
    return decode(path.toString(), bytes);
  }

  static List<FileEntry> decode(String path, byte[] bytes) {
    int end = bytes.length;
    if (end == 0 || bytes[end - 1] != '\n') {
      throw new CorruptFileException(path, "truncated: it does not end with its checksum line");
    }
    int lastLineStart = end - 1;
    while (lastLineStart > 0 && bytes[lastLineStart - 1] != '\n') {
      lastLineStart--;
    }
    String crcLine = new String(bytes, lastLineStart, end - 1 - lastLineStart, StandardCharsets.UTF_8);
    if (!crcLine.startsWith(CRC_PREFIX)) {
      throw new CorruptFileException(path, "truncated: the last line is not its checksum");
    }
    long expected;
    try {
      expected = Long.parseLong(crcLine.substring(CRC_PREFIX.length()), 16);
    } catch (NumberFormatException e) {
      throw new CorruptFileException(path, "the checksum line '" + crcLine + "' does not parse", e);
    }
    long actual = crc(bytes, lastLineStart);
    if (actual != expected) {
      throw new CorruptFileException(path, "checksum mismatch (recorded " + Long.toHexString(expected)
          + ", computed " + Long.toHexString(actual) + ")");
    }
    String[] lines = new String(bytes, 0, lastLineStart, StandardCharsets.UTF_8).split("\n");
    if (!lines[0].equals(VERSION)) {
      throw new CorruptFileException(path, "unknown version '" + lines[0] + "'; this source reads " + VERSION);
    }
    List<FileEntry> out = new ArrayList<>(lines.length - 1);
    for (int i = 1; i < lines.length; i++) {
      out.add(parseLine(path, i + 1, lines[i]));
    }
    return out;
  }

  private static FileEntry parseLine(String path, int lineNumber, String line) {
    String file = null;
    long size = -1;
    long mtime = -1;
    long logOffset = -1;
    try (JsonParser in = JSON.createParser(line)) {
      if (in.nextToken() != JsonToken.START_OBJECT) {
        throw new IOException("not a JSON object");
      }
      while (in.nextToken() == JsonToken.FIELD_NAME) {
        String name = in.currentName();
        in.nextToken();
        switch (name) {
          case "path" -> file = in.getText();
          case "size" -> size = in.getLongValue();
          case "modificationTime" -> mtime = in.getLongValue();
          case "logOffset" -> logOffset = in.getLongValue();
          default -> in.skipChildren();
        }
      }
      if (file == null || size < 0 || logOffset < 0) {
        throw new IOException("path, size or logOffset is missing");
      }
      return new FileEntry(URI.create(file), size, mtime, logOffset);
    } catch (IOException | IllegalArgumentException e) {
      throw new CorruptFileException(path, "line " + lineNumber + " is not a file entry: " + e.getMessage(), e);
    }
  }

  private static long crc(byte[] bytes, int length) {
    CRC32 crc = new CRC32();
    crc.update(bytes, 0, length);
    return crc.getValue();
  }
}
