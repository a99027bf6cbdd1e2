package io.millrace.state.rocksdb;

import java.net.URI;

/**
 * Where a store's files live under its store path: {@code <v>.changelog}, {@code <v>.snapshot}
 * and the shared {@code sst/<sha-256>.sst} files that snapshots list.
 */
final class CheckpointLayout {
  static final String CHANGELOG = "changelog";
  static final String SNAPSHOT = "snapshot";

  /** A versioned file name of this provider. */
  record Name(long version, String kind) {}

  private final String dir;

  CheckpointLayout(URI storePath) {
    String path = storePath.toString();
    this.dir = path.endsWith("/") ? path : path + "/";
  }

  URI dir() {
    return URI.create(dir);
  }

  URI sstDir() {
    return URI.create(dir + "sst/");
  }

  URI changelog(long version) {
    return URI.create(dir + version + "." + CHANGELOG);
  }

  URI snapshot(long version) {
    return URI.create(dir + version + "." + SNAPSHOT);
  }

  URI sst(String name) {
    return URI.create(dir + "sst/" + name);
  }

  /** The version and kind a name stands for, or null for any other name. */
  static Name parse(String name) {
    int dot = name.indexOf('.');
    if (dot <= 0 || dot != name.lastIndexOf('.') || dot > 18) {
      return null;
    }
    String digits = name.substring(0, dot);
    String kind = name.substring(dot + 1);
    if (!digits.chars().allMatch(c -> c >= '0' && c <= '9') || !(kind.equals(CHANGELOG) || kind.equals(SNAPSHOT))) {
      return null;
    }
    return new Name(Long.parseLong(digits), kind);
  }
}
