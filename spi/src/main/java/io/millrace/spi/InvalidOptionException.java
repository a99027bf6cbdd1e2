package io.millrace.spi;

/** An option is missing or has a value that cannot be used; the message names both. */
public class InvalidOptionException extends MillraceException {
  private static final long serialVersionUID = 1L;

  private final String option;

  public InvalidOptionException(String option, String message) {
    super(message);
    this.option = option;
  }

  public InvalidOptionException(String option, String message, Throwable cause) {
    super(message, cause);
    this.option = option;
  }

  /** The option's key as the user wrote it. */
  public String option() {
    return option;
  }
}
