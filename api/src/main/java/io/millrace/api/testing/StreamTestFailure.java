package io.millrace.api.testing;

/** A failed step of a {@link StreamTest}; its message carries the whole picture. */
final class StreamTestFailure extends AssertionError {
  private static final long serialVersionUID = 1L;

  StreamTestFailure(String message, Throwable cause) {
    super(message, cause);
  }
}
