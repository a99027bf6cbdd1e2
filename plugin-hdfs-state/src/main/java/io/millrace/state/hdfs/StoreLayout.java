package io.millrace.state.hdfs;

import java.net.URI;

/** Where a store's files live: {@code <storePath>/<version>.delta} and {@code <version>.snapshot}. */
final class StoreLayout {
  /** A file name this provider wrote. */
  record StateFileName(long version, StateFileKind kind) {}

  private final String dir;

  StoreLayout(URI storePath) {
    String path = storePath.toString();
    this.dir = path.endsWith("/") ? path : path + "/";
  }

  URI dir() {
    return URI.create(dir);
  }

  URI file(long version, StateFileKind kind) {
    return URI.create(dir + name(version, kind));
  }

  static String name(long version, StateFileKind kind) {
    return version + "." + kind.suffix;
  }

  /** The version and kind a file name stands for, or null for any other name. */
  static StateFileName parse(String name) {
    int dot = name.indexOf('.');
    if (dot <= 0 || dot != name.lastIndexOf('.')) {
      return null;
    }
    StateFileKind kind = StateFileKind.bySuffix(name.substring(dot + 1));
    String digits = name.substring(0, dot);
    if (kind == null || !digits.chars().allMatch(c -> c >= '0' && c <= '9') || digits.length() > 18) {
      return null;
    }
    return new StateFileName(Long.parseLong(digits), kind);
  }
}
