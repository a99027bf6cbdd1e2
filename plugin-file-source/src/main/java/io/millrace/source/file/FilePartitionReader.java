package io.millrace.source.file;

import io.millrace.spi.data.Row;
import io.millrace.spi.source.PartitionReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.LongAdder;

/**
 * Reads one file line by line and applies the parse {@link ParseMode}: fail naming the file and
 * line, drop and count, or keep a row of nulls with the raw line in {@code _corrupt_record}.
 * Blank lines are not records in json and csv and are skipped; in text they are empty values.
 */
final class FilePartitionReader implements PartitionReader {
  private final FilePartition partition;
  private final InputStream in;
  private final LineReader lines;
  private final RecordParser parser;
  private final FileSourceOptions options;
  private final LongAdder malformedRows;
  private final int width;
  private long lineNumber;
  private Row current;

  FilePartitionReader(FilePartition partition, InputStream in, RecordParser parser, FileSourceOptions options,
      LongAdder malformedRows) {
    this.partition = partition;
    this.in = in;
    this.lines = new LineReader(in);
    this.parser = parser;
    this.options = options;
    this.malformedRows = malformedRows;
    this.width = options.schema.size();
  }

  @Override
  public boolean next() throws IOException {
    while (lines.next()) {
      lineNumber++;
      if (skip()) {
        continue;
      }
      byte[] buf = lines.buffer();
      int start = lines.start();
      int length = lines.length();
      try {
        current = Row.wrap(parser.parse(buf, start, length));
        return true;
      } catch (RecordParser.Malformed e) {
        if (options.mode == ParseMode.FAILFAST) {
          throw new MalformedRecordException(partition.path().toString(), lineNumber, e.getMessage());
        }
        malformedRows.increment();
        if (options.mode == ParseMode.PERMISSIVE) {
          Object[] values = new Object[width];
          values[options.corruptColumn] = new String(buf, start, length, StandardCharsets.UTF_8);
          current = Row.wrap(values);
          return true;
        }
      }
    }
    current = null;
    return false;
  }

  private boolean skip() {
    if (options.format == FileFormat.TEXT) {
      return false;
    }
    if (options.format == FileFormat.CSV && options.header && lineNumber == 1) {
      return true;
    }
    return isBlank(lines.buffer(), lines.start(), lines.length());
  }

  private static boolean isBlank(byte[] b, int start, int length) {
    for (int i = start; i < start + length; i++) {
      if (b[i] != ' ' && b[i] != '\t') {
        return false;
      }
    }
    return true;
  }

  @Override
  public Row get() {
    if (current == null) {
      throw new IllegalStateException("no current row: call next() first and only use get() while it returns true");
    }
    return current;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
