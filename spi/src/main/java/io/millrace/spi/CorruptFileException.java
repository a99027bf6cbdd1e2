package io.millrace.spi;

/**
 * A file that should hold engine or plugin data is truncated, fails its checksum or cannot be
 * parsed. It is never read as data; the message names the file and what is wrong with it.
 */
public class CorruptFileException extends MillraceException {
  private static final long serialVersionUID = 1L;

  private final String path;

  public CorruptFileException(String path, String problem) {
    super("corrupt file " + path + ": " + problem);
    this.path = path;
  }

  public CorruptFileException(String path, String problem, Throwable cause) {
    super("corrupt file " + path + ": " + problem, cause);
    this.path = path;
  }

  /** The file at fault. */
  public String path() {
    return path;
  }
}
