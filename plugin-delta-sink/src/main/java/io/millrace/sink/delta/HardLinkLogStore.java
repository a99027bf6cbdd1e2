package io.millrace.sink.delta;

import io.delta.storage.HadoopFileSystemLogStore;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Iterator;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A Delta log store for {@code file:} tables that is safe with several writer processes.
 *
 * <p>Kernel's default store for {@code file:} ({@code HDFSLogStore}) publishes commit N by checking
 * that {@code N.json} is absent and then calling {@code rename(2)}, which replaces an existing
 * file: two processes can both pass the check and one commit silently overwrites the other
 * (observed: 2 corrupted tables in 3 runs of 3 processes). This store writes the content to a
 * hidden temporary file, fsyncs it, and publishes it with {@code link(2)}, which fails
 * atomically with {@link java.nio.file.FileAlreadyExistsException} when version N exists; Kernel
 * takes that as "another writer won" and resolves the conflict. Overwrites ({@code _last_checkpoint})
 * use an atomic rename.
 *
 * <p>{@link #isPartialWriteVisible} answers true so that Kernel never writes a checkpoint straight
 * to its final name, where a concurrent checkpointer could tear it.
 *
 * <p>This is the one place the sink touches files without Hadoop or the Storage SPI: hard links
 * are a local-file-system call that neither offers. It is registered only for the {@code file}
 * scheme; HDFS keeps Kernel's default store, whose rename is atomic there.
 */
public final class HardLinkLogStore extends HadoopFileSystemLogStore {

  /** Called by Kernel's {@code LogStoreProvider} with the engine's configuration. */
  public HardLinkLogStore(Configuration conf) {
    super(conf);
  }

  @Override
  public void write(Path path, Iterator<String> actions, Boolean overwrite, Configuration conf) throws IOException {
    FileSystem fs = path.getFileSystem(conf);
    java.nio.file.Path target = java.nio.file.Path.of(fs.makeQualified(path).toUri());
    Files.createDirectories(target.getParent());
    java.nio.file.Path temp = target.resolveSibling("." + target.getFileName() + "." + UUID.randomUUID() + ".tmp");
    try {
      writeAndSync(temp, actions);
      if (overwrite) {
        Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } else {
        Files.createLink(target, temp);
      }
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  private static void writeAndSync(java.nio.file.Path temp, Iterator<String> actions) throws IOException {
    try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        OutputStream out = Channels.newOutputStream(channel)) {
      while (actions.hasNext()) {
        out.write(actions.next().getBytes(StandardCharsets.UTF_8));
        out.write('\n');
      }
      out.flush();
      channel.force(true);
    }
  }

  @Override
  public Boolean isPartialWriteVisible(Path path, Configuration conf) {
    return true;
  }
}
