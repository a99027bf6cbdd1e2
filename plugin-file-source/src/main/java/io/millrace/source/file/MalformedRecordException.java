package io.millrace.source.file;

import io.millrace.spi.MillraceException;

/** A line of an input file that does not parse into the schema, in {@link ParseMode#FAILFAST}. */
public class MalformedRecordException extends MillraceException {
  private static final long serialVersionUID = 1L;

  public MalformedRecordException(String file, long line, String problem) {
    super("malformed record in " + file + " at line " + line + ": " + problem
        + " (set option 'mode' to DROPMALFORMED or PERMISSIVE to keep going)");
  }
}
