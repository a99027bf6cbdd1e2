package io.millrace.source.file;

import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.storage.FileInfo;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.FileSystems;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code path} option: a directory whose files are read, or a glob.
 *
 * <p>A bare path is a local {@code file:} path; a relative one is resolved against the working
 * directory of the process. A path with a glob character ({@code * ? [ {}) in some segment is a
 * glob: {@link #root} is the directory before that segment, and each listing walks the segments
 * from there with Java's glob syntax, one segment at a time. Files that match the last segment
 * are read, and so are the files directly inside directories that match it. Hidden and
 * temporary names ({@link FileSource#hiddenOrTemporary}) are skipped at every level.
 *
 * <p>A directory must exist when the source starts ({@link #requireDirectory}), as in Spark,
 * whose {@code load()} fails with {@code PATH_NOT_FOUND}; a glob may match nothing yet.
 */
final class InputPath {
  private static final Pattern SCHEME = Pattern.compile("^([A-Za-z][A-Za-z0-9+.-]*):(//[^/]*)?(.*)$");
  private static final String GLOB_CHARACTERS = "*?[{";

  private final String given;
  private final boolean relative;
  private final URI root;
  private final List<String> glob;

  private InputPath(String given, boolean relative, URI root, List<String> glob) {
    this.given = given;
    this.relative = relative;
    this.root = root;
    this.glob = glob;
  }

  /** Reads option {@code key}; a value that is not a path or URI fails naming the option. */
  static InputPath parse(String key, String value) {
    String text = value.trim();
    Matcher uri = SCHEME.matcher(text);
    boolean absolute = text.startsWith("/") || uri.matches();
    String prefix = text.startsWith("/") || !uri.matches() ? "" : uri.group(1) + ":" + (uri.group(2) == null ? "" : uri.group(2));
    String path = text.startsWith("/") ? text : uri.matches() ? uri.group(3) : workingDirectory() + text;
    List<String> segments = Arrays.asList(path.split("/", -1));
    int first = 0;
    while (first < segments.size() && !isGlob(segments.get(first))) {
      first++;
    }
    if (first == segments.size()) {
      return new InputPath(value, !absolute, FileSourceOptions.directoryUri(key, value), List.of());
    }
    String rootText = prefix + String.join("/", segments.subList(0, first)) + "/";
    List<String> patterns = new ArrayList<>();
    for (String segment : segments.subList(first, segments.size())) {
      if (!segment.isEmpty()) {
        patterns.add(segment);
        checkPattern(key, value, segment);
      }
    }
    return new InputPath(value, !absolute, FileSourceOptions.directoryUri(key, rootText), List.copyOf(patterns));
  }

  private static String workingDirectory() {
    String cwd = System.getProperty("user.dir");
    return cwd.endsWith("/") ? cwd : cwd + "/";
  }

  private static boolean isGlob(String segment) {
    for (int i = 0; i < segment.length(); i++) {
      if (GLOB_CHARACTERS.indexOf(segment.charAt(i)) >= 0) {
        return true;
      }
    }
    return false;
  }

  private static void checkPattern(String key, String value, String segment) {
    try {
      matcher(segment);
    } catch (IllegalArgumentException e) {
      throw new InvalidOptionException(key, "option '" + key + "' has the value '" + value + "', whose glob segment '"
          + segment + "' does not parse: " + e.getMessage(), e);
    }
  }

  private static PathMatcher matcher(String segment) {
    return FileSystems.getDefault().getPathMatcher("glob:" + segment);
  }

  /** The directory that is read, or for a glob the directory its first glob segment is matched in. */
  URI root() {
    return root;
  }

  boolean isGlob() {
    return !glob.isEmpty();
  }

  /** The candidate files: the directory's own files, or the files a glob reaches now. */
  List<FileInfo> listFiles(Storage storage) throws IOException {
    if (glob.isEmpty()) {
      return filesIn(storage, root);
    }
    List<URI> directories = List.of(root);
    List<FileInfo> files = new ArrayList<>();
    for (int level = 0; level < glob.size(); level++) {
      PathMatcher matcher = matcher(glob.get(level));
      boolean last = level == glob.size() - 1;
      List<URI> next = new ArrayList<>();
      for (URI directory : directories) {
        for (FileInfo child : storage.list(directory)) {
          if (FileSource.hiddenOrTemporary(child.name()) || !matches(matcher, child.name())) {
            continue;
          }
          if (!last && child.directory()) {
            next.add(child.path());
          } else if (last && child.directory()) {
            files.addAll(filesIn(storage, child.path()));
          } else if (last) {
            files.add(child);
          }
        }
      }
      directories = next;
    }
    return files;
  }

  private static List<FileInfo> filesIn(Storage storage, URI directory) throws IOException {
    List<FileInfo> files = new ArrayList<>();
    for (FileInfo child : storage.list(directory)) {
      if (!child.directory() && !FileSource.hiddenOrTemporary(child.name())) {
        files.add(child);
      }
    }
    return files;
  }

  private static boolean matches(PathMatcher matcher, String name) {
    try {
      return matcher.matches(Path.of(name));
    } catch (InvalidPathException e) {
      return false; // a name this platform cannot hold as a path cannot be what the glob names
    }
  }

  /**
   * Fails unless a plain directory path names an existing directory, or creates it when
   * {@code createIfMissing}; returns whether it created it. A glob needs no directory to exist.
   */
  boolean requireDirectory(Storage storage, boolean createIfMissing, String owner) throws IOException {
    if (isGlob()) {
      return false;
    }
    Optional<FileInfo> status = storage.status(root);
    if (status.isPresent() && status.get().directory()) {
      return false;
    }
    if (status.isPresent()) {
      throw new InvalidOptionException("path", owner + ": option 'path' names " + root + ", which is a file, not a "
          + "directory; name the directory it is in, or a glob that matches it");
    }
    if (createIfMissing) {
      storage.mkdirs(root);
      return true;
    }
    throw new InvalidOptionException("path", owner + ": the directory " + root + " does not exist" + resolvedFrom()
        + ". Create it or correct option 'path'; to start before it exists, set option 'createIfMissing' to true "
        + "(the source then creates it), or give a glob, which may match nothing yet");
  }

  private String resolvedFrom() {
    return relative ? " (option 'path' is the relative path '" + given.trim() + "', resolved against the working "
        + "directory " + System.getProperty("user.dir") + ")" : "";
  }

  @Override
  public String toString() {
    return isGlob() ? root + String.join("/", glob) : root.toString();
  }
}
