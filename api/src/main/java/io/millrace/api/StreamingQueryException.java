package io.millrace.api;

import io.millrace.spi.MillraceException;

/** A query stopped because of an error; the cause is the error, the message says where. */
public class StreamingQueryException extends MillraceException {
  private static final long serialVersionUID = 1L;

  public StreamingQueryException(String message, Throwable cause) {
    super(message, cause);
  }
}
