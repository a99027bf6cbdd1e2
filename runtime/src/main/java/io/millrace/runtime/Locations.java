package io.millrace.runtime;

import java.net.URI;
import java.nio.file.Paths;

/** Turns user-given locations into absolute URIs: a bare path is a local {@code file:} path. */
public final class Locations {
  private Locations() {}

  public static URI toUri(String location) {
    String trimmed = location.trim();
    // A scheme of two or more letters; a single letter would be a Windows drive.
    if (trimmed.matches("[a-zA-Z][a-zA-Z0-9+.-]+:.*")) {
      return URI.create(trimmed);
    }
    return Paths.get(trimmed).toAbsolutePath().normalize().toUri();
  }

  /** The same URI with a trailing slash, so that {@link URI#resolve} treats it as a directory. */
  public static URI asDirectory(URI uri) {
    String s = uri.toString();
    return s.endsWith("/") ? uri : URI.create(s + "/");
  }
}
