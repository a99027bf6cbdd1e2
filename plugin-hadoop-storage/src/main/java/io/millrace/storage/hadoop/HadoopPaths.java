package io.millrace.storage.hadoop;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Objects;
import java.util.UUID;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.Path;

/**
 * Conversions between the URIs callers use and Hadoop {@link Path}s for one file system, and
 * the names of temporary files.
 *
 * <p>Listings build each child's URI from the directory URI the caller gave, not from Hadoop's
 * qualified path, so a caller that asked about {@code hdfs://nn:8020/x} gets children under
 * exactly that prefix, even where Hadoop would have rewritten the authority.
 */
final class HadoopPaths {
  private static final Pattern TEMP_NAME = Pattern.compile("^\\..*\\.tmp$");

  private final String scheme;
  private final String authority;

  /** Paths of the file system {@code root} names: its scheme and authority. */
  HadoopPaths(URI root) {
    this.scheme = Objects.requireNonNull(root.getScheme(), () -> "URI '" + root + "' has no scheme");
    this.authority = root.getAuthority();
  }

  /** The Hadoop path of {@code uri}, which must name this file system. */
  Path toPath(URI uri) {
    if (uri.getScheme() == null || !uri.getScheme().equalsIgnoreCase(scheme) || !Objects.equals(uri.getAuthority(),
        authority)) {
      throw new IllegalArgumentException("this hadoop storage serves " + scheme + "://"
          + (authority == null ? "" : authority) + "/ only; got '" + uri + "'");
    }
    if (uri.getPath() == null || !uri.getPath().startsWith("/")) {
      throw new IllegalArgumentException("hadoop storage needs an absolute path such as " + scheme + "://"
          + (authority == null ? "" : authority) + "/dir/file; got '" + uri + "'");
    }
    return new Path(uri);
  }

  /** The URI of the entry {@code name} directly under the directory {@code dir}. */
  static URI child(URI dir, String name) {
    String path = dir.getPath();
    String parent = path.endsWith("/") ? path : path + "/";
    try {
      return new URI(dir.getScheme(), dir.getAuthority(), parent + name, null, null);
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("no URI for '" + name + "' under '" + dir + "'", e);
    }
  }

  /** A fresh hidden name next to {@code target}: {@code .<name>.<uuid>.tmp}. */
  static Path tempSibling(Path target) {
    return new Path(target.getParent(), "." + target.getName() + "." + UUID.randomUUID() + ".tmp");
  }

  /** Whether {@code name} is that of an unfinished write, which listings must not show. */
  static boolean isTempName(String name) {
    return TEMP_NAME.matcher(name).matches();
  }
}
