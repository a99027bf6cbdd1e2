package io.millrace.runtime.checkpoint;

import io.millrace.runtime.Locations;
import io.millrace.spi.storage.FileInfo;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.Optional;

/** Questions about a directory tree of a storage, which lists one level at a time. */
public final class StorageTree {
  private StorageTree() {}

  /**
   * A file somewhere under {@code dir}, if there is one; empty directories do not count. Stops
   * at the first file it finds, so it reads little of a large tree that has files.
   */
  public static Optional<URI> anyFile(Storage storage, URI dir) throws IOException {
    List<FileInfo> children = storage.list(Locations.asDirectory(dir));
    for (FileInfo child : children) {
      if (!child.directory()) {
        return Optional.of(child.path());
      }
    }
    for (FileInfo child : children) {
      Optional<URI> below = anyFile(storage, child.path());
      if (below.isPresent()) {
        return below;
      }
    }
    return Optional.empty();
  }
}
