package io.millrace.runtime.state.keyed;

import io.millrace.runtime.checkpoint.ChecksummedText;
import io.millrace.runtime.checkpoint.StorageTree;
import io.millrace.spi.MillraceException;
import io.millrace.spi.storage.FileInfo;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.net.URI;
import java.nio.file.NoSuchFileException;
import java.util.Optional;

/**
 * {@code state/<op>/_keyedState}: the record of an operator's keyed state ({@link KeyedStateRecord}),
 * written before the first batch that depends on it. A run that changes it writes the next file,
 * {@code _keyedState.1}, {@code _keyedState.2}, …, each create-if-absent, so a crash leaves the
 * last complete record in force; the newest is the record, and the one before it is deleted once
 * the newest is written.
 */
final class KeyedStateSchemaFile {
  static final String NAME = "_keyedState";

  private KeyedStateSchemaFile() {}

  /** The newest record and its number (0 for {@value #NAME}). */
  record Recorded(KeyedStateRecord record, int number, URI path) {}

  static Optional<Recorded> read(Storage storage, URI operatorDir) throws IOException {
    int newest = -1;
    for (FileInfo f : storage.list(operatorDir)) {
      int n = number(f.name());
      if (!f.directory() && n > newest) {
        newest = n;
      }
    }
    if (newest < 0) {
      return Optional.empty();
    }
    URI path = pathOf(operatorDir, newest);
    try {
      String text = ChecksummedText.open(path.toString(), storage.readAll(path));
      return Optional.of(new Recorded(KeyedStateRecord.parse(path.toString(), text), newest, path));
    } catch (NoSuchFileException e) {
      throw new MillraceException("the keyed state record " + path + " was listed but cannot be read; is another"
          + " query running on this checkpoint?", e);
    }
  }

  /** Writes {@code record} as the record after {@code previous}, then deletes the older ones. */
  static void write(Storage storage, URI operatorDir, KeyedStateRecord record, Optional<Recorded> previous)
      throws IOException {
    int n = previous.map(p -> p.number() + 1).orElse(0);
    URI path = pathOf(operatorDir, n);
    if (!storage.createIfAbsent(path, ChecksummedText.seal(record.toJson() + "\n"))) {
      throw new MillraceException("the keyed state record " + path + " appeared while this query wrote it; is another"
          + " query running on this checkpoint?");
    }
    for (FileInfo f : storage.list(operatorDir)) {
      int m = number(f.name());
      if (!f.directory() && m >= 0 && m < n - 1) {
        storage.delete(f.path());
      }
    }
  }

  private static URI pathOf(URI operatorDir, int n) {
    return operatorDir.resolve(n == 0 ? NAME : NAME + "." + n);
  }

  /** 0 for {@value #NAME}, n for {@code _keyedState.n}, -1 for any other name. */
  private static int number(String name) {
    if (name.equals(NAME)) {
      return 0;
    }
    if (name.startsWith(NAME + ".")) {
      String n = name.substring(NAME.length() + 1);
      if (!n.isEmpty() && n.length() < 9 && n.chars().allMatch(Character::isDigit)) {
        return Integer.parseInt(n);
      }
    }
    return -1;
  }

  /** As the operators' {@code _schema}: state in the partition directories without a record was not checked. */
  static void refuseStateWithoutRecord(Storage storage, URI operatorDir, KeyedStateSpec spec) throws IOException {
    URI path = operatorDir.resolve(NAME);
    for (FileInfo child : storage.list(operatorDir)) {
      if (!child.directory() || !child.name().chars().allMatch(Character::isDigit)) {
        continue;
      }
      Optional<URI> state = StorageTree.anyFile(storage, child.path());
      if (state.isPresent()) {
        throw new MillraceException("the keyed state of operator '" + spec.operatorName() + "' in " + operatorDir
            + " has no declaration: " + path + " is missing, but state was written (" + state.get() + "). Without it"
            + " this query cannot check that it reads that state with the meaning it was written with; restore " + path
            + " from a backup, or give the query a new checkpointLocation");
      }
    }
  }
}
