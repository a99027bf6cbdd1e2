package io.millrace.source.file;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.millrace.spi.CorruptFileException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;

/**
 * The text of the source log's files: a version line, one JSON object per line, then
 * {@code crc32:<hex>} over everything before it.
 *
 * <p>{@code v1}, an entry (and the compact files of the first format): one line per file,
 * {@code {"path":..,"size":..,"modificationTime":..,"logOffset":n}}. {@code v2}, a compact file:
 * a header line {@code {"forgottenBefore":t}} (the log dropped every file modified before
 * {@code t}), then the file lines. A file that is truncated, fails its checksum or does not parse
 * raises {@link CorruptFileException} naming it.
 */
final class LogFile {
  static final String ENTRY_VERSION = "v1";
  static final String COMPACT_VERSION = "v2";
  private static final String CRC_PREFIX = "crc32:";
  private static final JsonFactory JSON = new JsonFactory();

  /** What a log file holds; {@code forgottenBefore} is {@code Long.MIN_VALUE} for a v1 file. */
  record Contents(long forgottenBefore, List<FileEntry> files) {}

  private LogFile() {}

  static byte[] entry(List<FileEntry> files) throws IOException {
    return encode(ENTRY_VERSION, null, files);
  }

  static byte[] compact(long forgottenBefore, List<FileEntry> files) throws IOException {
    StringWriter header = new StringWriter();
    try (JsonGenerator out = JSON.createGenerator(header)) {
      out.writeStartObject();
      out.writeNumberField("forgottenBefore", forgottenBefore);
      out.writeEndObject();
    }
    return encode(COMPACT_VERSION, header.toString(), files);
  }

  private static byte[] encode(String version, String header, List<FileEntry> files) throws IOException {
    StringWriter body = new StringWriter();
    body.write(version);
    body.write('\n');
    if (header != null) {
      body.write(header);
      body.write('\n');
    }
    try (JsonGenerator out = JSON.createGenerator(body)) {
      out.setRootValueSeparator(null); // one object per line, with nothing before it
      for (FileEntry file : files) {
        out.writeStartObject();
        out.writeStringField("path", file.path().toString());
        out.writeNumberField("size", file.size());
        out.writeNumberField("modificationTime", file.modificationTimeMillis());
        out.writeNumberField("logOffset", file.logOffset());
        out.writeEndObject();
        out.writeRaw('\n');
      }
    }
    byte[] content = body.toString().getBytes(StandardCharsets.UTF_8);
    ByteArrayOutputStream all = new ByteArrayOutputStream(content.length + 20);
    all.write(content);
    all.write((CRC_PREFIX + Long.toHexString(crc(content, content.length)) + "\n").getBytes(StandardCharsets.UTF_8));
    return all.toByteArray();
  }

  static Contents decode(String path, byte[] bytes) {
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
    int versionEnd = lineEnd(bytes, 0, lastLineStart);
    String version = new String(bytes, 0, versionEnd, StandardCharsets.UTF_8);
    int body = Math.min(versionEnd + 1, lastLineStart);
    int firstLine = 2;
    long forgottenBefore = Long.MIN_VALUE;
    if (version.equals(COMPACT_VERSION)) {
      int headerEnd = lineEnd(bytes, body, lastLineStart);
      forgottenBefore = parseHeader(path, new String(bytes, body, headerEnd - body, StandardCharsets.UTF_8));
      body = Math.min(headerEnd + 1, lastLineStart);
      firstLine = 3;
    } else if (!version.equals(ENTRY_VERSION)) {
      throw new CorruptFileException(path, "unknown version '" + version + "'; this source reads " + ENTRY_VERSION
          + " and " + COMPACT_VERSION);
    }
    return new Contents(forgottenBefore, parseFiles(path, bytes, body, lastLineStart, firstLine));
  }

  private static int lineEnd(byte[] bytes, int from, int limit) {
    int i = from;
    while (i < limit && bytes[i] != '\n') {
      i++;
    }
    return i;
  }

  private static long parseHeader(String path, String line) {
    try (JsonParser in = JSON.createParser(line)) {
      if (in.nextToken() == JsonToken.START_OBJECT && in.nextToken() == JsonToken.FIELD_NAME
          && in.currentName().equals("forgottenBefore") && in.nextToken() == JsonToken.VALUE_NUMBER_INT) {
        return in.getLongValue();
      }
    } catch (IOException e) {
      throw new CorruptFileException(path, "line 2 is not the header {\"forgottenBefore\":..}: " + e.getMessage(), e);
    }
    throw new CorruptFileException(path, "line 2 is not the header {\"forgottenBefore\":..}");
  }

  /** The file lines in {@code bytes[from, to)}, one JSON object each, read by one parser. */
  private static List<FileEntry> parseFiles(String path, byte[] bytes, int from, int to, int firstLine) {
    List<FileEntry> out = new ArrayList<>();
    try (JsonParser in = JSON.createParser(bytes, from, to - from)) {
      JsonToken token;
      while ((token = in.nextToken()) != null) {
        int line = firstLine + in.currentLocation().getLineNr() - 1;
        if (token != JsonToken.START_OBJECT) {
          throw new CorruptFileException(path, "line " + line + " is not a file entry: not a JSON object");
        }
        out.add(parseEntry(path, line, in));
      }
    } catch (IOException e) {
      throw new CorruptFileException(path, "a line is not a file entry: " + e.getMessage(), e);
    }
    return out;
  }

  private static FileEntry parseEntry(String path, int line, JsonParser in) throws IOException {
    String file = null;
    long size = -1;
    long mtime = -1;
    long logOffset = -1;
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
      throw new CorruptFileException(path, "line " + line + " is not a file entry: path, size or logOffset is missing");
    }
    try {
      return new FileEntry(URI.create(file), size, mtime, logOffset);
    } catch (IllegalArgumentException e) {
      throw new CorruptFileException(path, "line " + line + " is not a file entry: " + e.getMessage(), e);
    }
  }

  private static long crc(byte[] bytes, int length) {
    CRC32 crc = new CRC32();
    crc.update(bytes, 0, length);
    return crc.getValue();
  }
}
