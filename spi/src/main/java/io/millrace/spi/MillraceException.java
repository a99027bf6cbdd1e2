package io.millrace.spi;

/** The root of Millrace's unchecked errors. Messages name the file, option or plugin at fault. */
public class MillraceException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public MillraceException(String message) {
    super(message);
  }

  public MillraceException(String message, Throwable cause) {
    super(message, cause);
  }
}
