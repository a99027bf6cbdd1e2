package io.millrace.source.file;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.PartitionReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.LongAdder;

/**
 * Reads one file line by line and applies the parse {@link ParseMode}: fail naming the file and
 * line, drop and count, or keep a row of nulls with the raw line in {@code _corrupt_record}.
 * Blank lines are not records in json and csv and are skipped; in text they are empty values.
 *
 * <p>A line with a value past a parser limit ({@link RecordParser.OverLimit}) may be valid data,
 * so it is never dropped as if it were garbage: FAILFAST fails naming the file, the line and the
 * option to raise; DROPMALFORMED and PERMISSIVE drop it or keep it raw like a malformed line, but
 * count it in {@code numRowsOverLimit} (not {@code numMalformedRows}) and log a warning naming
 * the file, line and option, once per file.
 */
final class FilePartitionReader implements PartitionReader {
  private static final System.Logger LOG = System.getLogger(FilePartitionReader.class.getName());

  private final FilePartition partition;
  private final InputStream in;
  private final LineReader lines;
  private final RecordParser parser;
  private final FileSourceOptions options;
  private final LongAdder malformedRows;
  private final LongAdder rowsOverLimit;
  /** The columns read, and where the raw line of a malformed one goes among them (-1: not read). */
  private final int width;
  private final int corruptColumn;
  /** Where each column read lies in a parsed line, when the parser makes more columns than are read; else null. */
  private final int[] fromParsed;
  private long lineNumber;
  private long overLimitInFile;
  private Row current;

  /**
   * @param parsed the columns {@code parser} makes of a line
   * @param columns the columns read: {@code parsed}, or some of them
   */
  FilePartitionReader(FilePartition partition, InputStream in, RecordParser parser, FileSourceOptions options,
      Schema parsed, Schema columns, LongAdder malformedRows, LongAdder rowsOverLimit) {
    this.partition = partition;
    this.in = in;
    this.lines = new LineReader(in, partition.size());
    this.parser = parser;
    this.options = options;
    this.malformedRows = malformedRows;
    this.rowsOverLimit = rowsOverLimit;
    this.width = columns.size();
    this.corruptColumn = columns.indexOf(FileSourceOptions.CORRUPT_RECORD_COLUMN);
    if (parsed.equals(columns)) {
      this.fromParsed = null;
    } else {
      this.fromParsed = new int[width];
      for (int i = 0; i < width; i++) {
        fromParsed[i] = parsed.indexOf(columns.field(i).name());
      }
    }
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
        current = Row.wrap(read(parser.parse(buf, start, length)));
        return true;
      } catch (RecordParser.OverLimit e) {
        if (options.mode == ParseMode.FAILFAST) {
          throw new InputLimitException(partition.path().toString(), lineNumber, e.getMessage());
        }
        countOverLimit(e);
        if (options.mode == ParseMode.PERMISSIVE) {
          current = corruptRecord(buf, start, length);
          return true;
        }
      } catch (RecordParser.Malformed e) {
        if (options.mode == ParseMode.FAILFAST) {
          throw new MalformedRecordException(partition.path().toString(), lineNumber, e.getMessage());
        }
        malformedRows.increment();
        if (options.mode == ParseMode.PERMISSIVE) {
          current = corruptRecord(buf, start, length);
          return true;
        }
      }
    }
    current = null;
    return false;
  }

  private Object[] read(Object[] parsed) {
    if (fromParsed == null) {
      return parsed;
    }
    Object[] values = new Object[width];
    for (int i = 0; i < width; i++) {
      values[i] = parsed[fromParsed[i]];
    }
    return values;
  }

  private Row corruptRecord(byte[] buf, int start, int length) {
    Object[] values = new Object[width];
    if (corruptColumn >= 0) { // a query that does not read the column gets the row of nulls alone
      values[corruptColumn] = new String(buf, start, length, StandardCharsets.UTF_8);
    }
    return Row.wrap(values);
  }

  private void countOverLimit(RecordParser.OverLimit e) {
    rowsOverLimit.increment();
    if (overLimitInFile++ == 0) {
      String kept = options.mode != ParseMode.PERMISSIVE ? "dropped"
          : corruptColumn >= 0 ? "kept raw in " + FileSourceOptions.CORRUPT_RECORD_COLUMN
          : "kept as a row of nulls (the query does not read " + FileSourceOptions.CORRUPT_RECORD_COLUMN + ")";
      LOG.log(System.Logger.Level.WARNING, "line " + lineNumber + " of " + partition.path() + " is " + kept
          + " in mode " + options.mode + " although it may be valid: " + e.getMessage() + ". Such lines are "
          + "counted in numRowsOverLimit; further ones in this file are not logged");
    }
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
    try {
      in.close();
    } finally {
      parser.close();
    }
  }
}
