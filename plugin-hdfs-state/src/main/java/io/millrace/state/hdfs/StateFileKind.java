package io.millrace.state.hdfs;

/** The two kinds of state file, named {@code <version>.<suffix>}. */
enum StateFileKind {
  /** The changes since the previous version; a removal is a deletion marker. */
  DELTA('D', "delta"),
  /** The whole state of a version. */
  SNAPSHOT('S', "snapshot");

  final byte tag;
  final String suffix;

  StateFileKind(char tag, String suffix) {
    this.tag = (byte) tag;
    this.suffix = suffix;
  }

  static StateFileKind bySuffix(String suffix) {
    for (StateFileKind k : values()) {
      if (k.suffix.equals(suffix)) {
        return k;
      }
    }
    return null;
  }
}
