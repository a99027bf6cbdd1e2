package io.millrace.source.file;

import io.millrace.spi.MillraceException;

/**
 * A line of an input file with a value past a parser limit, in {@link ParseMode#FAILFAST}. The
 * line may be valid data, so the message names the option that sets the limit.
 */
public class InputLimitException extends MillraceException {
  private static final long serialVersionUID = 1L;

  public InputLimitException(String file, long line, String problem) {
    super("record in " + file + " at line " + line + " is over a limit: " + problem);
  }
}
