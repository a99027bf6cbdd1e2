package io.millrace.tck.storage;

import io.millrace.spi.Options;
import io.millrace.spi.storage.AtomicOutputStream;
import io.millrace.spi.storage.Storage;
import io.millrace.spi.storage.StorageLock;
import io.millrace.spi.storage.StorageProvider;
import io.millrace.tck.child.ChildChannel;
import io.millrace.tck.child.ChildJvm;
import io.millrace.tck.child.ChildPlugins;
import io.millrace.tck.child.ChildTask;
import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * F13 and F15 in a child JVM, on a storage opened there from the provider's class name and the
 * kit's options.
 *
 * @param action {@code write}: write {@code files} (path to length; the bytes are
 *     {@link #content}), committing each except those with a negative length, whose writes stay
 *     open; say {@code written}, then halt without closing anything;
 *     {@code lock}: take the lock {@code first} and try {@code second}, say {@code locked}/
 *     {@code refused} for each, then hold on until killed
 */
record StorageChild(String action, String providerClass, Map<String, String> options, String root,
    Map<String, Integer> files, String first, String second) implements ChildTask {
  private static final long serialVersionUID = 1L;

  /**
   * What the child writes to {@code path}: {@code length} bytes that depend on the path alone
   * (not on the run's seed, which the child does not share).
   */
  static byte[] content(URI path, int length) {
    byte[] b = new byte[length];
    new java.util.Random(path.toString().hashCode()).nextBytes(b);
    return b;
  }

  static StorageChild write(StorageKit kit, URI root, Map<URI, Integer> files) {
    Map<String, Integer> byName = new HashMap<>();
    files.forEach((uri, length) -> byName.put(uri.toString(), length));
    return new StorageChild("write", kit.provider().getClass().getName(), new HashMap<>(kit.options()), root.toString(),
        byName, null, null);
  }

  static StorageChild lock(StorageKit kit, URI root, URI first, URI second) {
    return new StorageChild("lock", kit.provider().getClass().getName(), new HashMap<>(kit.options()), root.toString(),
        Map.of(), first.toString(), second.toString());
  }

  @Override
  public void run(ChildChannel channel) throws Exception {
    StorageProvider provider = ChildPlugins.create(providerClass, StorageProvider.class);
    Storage storage = provider.open(URI.create(root), Options.of("storage '" + provider.name() + "'", options));
    if (action.equals("write")) {
      for (Map.Entry<String, Integer> file : files.entrySet()) {
        URI path = URI.create(file.getKey());
        AtomicOutputStream out = storage.create(path);
        out.write(content(path, Math.abs(file.getValue())));
        out.flush();
        if (file.getValue() >= 0) {
          out.commit();
          out.close();
        }
      }
      channel.send("written");
      Runtime.getRuntime().halt(ChildJvm.HALTED);
    }
    channel.send(held(storage.tryLock(URI.create(first))));
    channel.send(held(storage.tryLock(URI.create(second))));
    while (channel.receive() != null) {
      // hold the locks until the rule kills this JVM (or closes the channel)
    }
  }

  private static String held(Optional<StorageLock> lock) {
    return lock.isPresent() ? "locked" : "refused";
  }
}
