package io.millrace.runtime.job;

import io.millrace.spi.MillraceException;

/** A job file that cannot be run; the message names the file, the line and the field. */
public class JobFileException extends MillraceException {
  private static final long serialVersionUID = 1L;

  public JobFileException(String message) {
    super(message);
  }

  public JobFileException(String message, Throwable cause) {
    super(message, cause);
  }
}
