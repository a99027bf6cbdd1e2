package io.millrace.tck.state;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Broken on purpose (T05): {@code close()} "compacts" the store, keeping only a snapshot of
 * the newest version and deleting every older file, so a provider reopened after a close has
 * lost all versions but the last. Nothing else closes a provider mid-rule, so only T05 sees it.
 */
final class ForgetfulStateStoreProvider extends ReferenceStateStoreProvider {

  @Override
  public synchronized void close() {
    try {
      long latest = latestFileVersion();
      if (latest > 1) {
        purgeBefore(latest);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    super.close();
  }
}
