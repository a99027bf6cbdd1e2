package io.millrace.plugins.source;

import io.millrace.spi.CorruptFileException;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32;

/**
 * The rate source's {@code rate-start} file: the schedule a query started with, so that every
 * run and every replay computes the same rows. Written once, create-if-absent:
 *
 * <pre>
 * v1
 * {"startMicros":1732900000000000,"rowsPerSecond":5}
 * crc32:0a1b2c3d
 * </pre>
 *
 * The checksum covers the JSON line; a file that is truncated or fails it is reported, never used.
 */
final class RateStartFile {
  private static final Pattern CONTENT = Pattern.compile(
      "v1\n(\\{\"startMicros\":(-?\\d{1,19}),\"rowsPerSecond\":(\\d{1,19})\\})\ncrc32:([0-9a-f]{8})\n");

  private RateStartFile() {}

  /** The schedule in {@code file}, which is first written with {@code fresh} if it does not exist. */
  static RateSchedule loadOrCreate(Storage storage, URI file, RateSchedule fresh) throws IOException {
    if (storage.status(file).isEmpty() && storage.createIfAbsent(file, encode(fresh))) {
      return fresh;
    }
    // Someone wrote it first: this checkpoint ran before, or a concurrent first run won.
    return decode(storage.readAll(file), file.toString());
  }

  static byte[] encode(RateSchedule schedule) {
    String json = "{\"startMicros\":" + schedule.startMicros() + ",\"rowsPerSecond\":" + schedule.rowsPerSecond() + "}";
    return ("v1\n" + json + "\ncrc32:" + crc32(json) + "\n").getBytes(StandardCharsets.UTF_8);
  }

  static RateSchedule decode(byte[] bytes, String path) {
    Matcher m = CONTENT.matcher(new String(bytes, StandardCharsets.UTF_8));
    if (!m.matches()) {
      throw new CorruptFileException(path, "expected the rate source's start time as 'v1', a JSON line and a crc32 line");
    }
    if (!crc32(m.group(1)).equals(m.group(4))) {
      throw new CorruptFileException(path, "the checksum does not match its content");
    }
    try {
      return new RateSchedule(Long.parseLong(m.group(2)), Long.parseLong(m.group(3)));
    } catch (IllegalArgumentException e) {
      throw new CorruptFileException(path, e.getMessage(), e);
    }
  }

  private static String crc32(String text) {
    CRC32 crc = new CRC32();
    crc.update(text.getBytes(StandardCharsets.UTF_8));
    return String.format("%08x", crc.getValue());
  }
}
