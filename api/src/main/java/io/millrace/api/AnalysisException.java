package io.millrace.api;

import io.millrace.spi.MillraceException;

/**
 * A query that cannot be planned: an unknown column, a type mismatch, an output mode the
 * query cannot support. Raised before any batch runs; the message says what and where.
 */
public class AnalysisException extends MillraceException {
  private static final long serialVersionUID = 1L;

  public AnalysisException(String message) {
    super(message);
  }

  public AnalysisException(String message, Throwable cause) {
    super(message, cause);
  }
}
