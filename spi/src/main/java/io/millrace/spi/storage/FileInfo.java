package io.millrace.spi.storage;

import java.net.URI;

/**
 * A listed file or directory.
 *
 * @param path absolute URI
 * @param size length in bytes (0 for a directory)
 * @param modificationTimeMillis last modification, milliseconds since the epoch
 * @param directory whether this is a directory
 */
public record FileInfo(URI path, long size, long modificationTimeMillis, boolean directory) {

  /** The last segment of the path. */
  public String name() {
    String p = path.getPath();
    if (p.endsWith("/")) {
      p = p.substring(0, p.length() - 1);
    }
    return p.substring(p.lastIndexOf('/') + 1);
  }
}
