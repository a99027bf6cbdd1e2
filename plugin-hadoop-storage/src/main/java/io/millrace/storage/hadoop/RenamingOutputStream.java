package io.millrace.storage.hadoop;

import io.millrace.spi.storage.AtomicOutputStream;
import java.io.IOException;
import java.net.URI;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.StreamCapabilities;

/**
 * Create-if-absent for HDFS-like stores: the bytes go to a hidden temporary file
 * {@code .<name>.<uuid>.tmp} next to the target, and {@link #commit()} syncs and closes it,
 * then renames it with {@code FileContext.rename(temp, target, Rename.NONE)}. On HDFS that is
 * one NameNode operation that refuses an existing target, so of racing writers exactly one
 * wins. {@code FileSystem.rename} is never used: on some file systems it silently replaces
 * the target. Used by one thread at a time.
 */
final class RenamingOutputStream extends AtomicOutputStream {
  private enum State { OPEN, COMMITTED, ABANDONED }

  private final FileSystem fs;
  private final FileContext fc;
  private final URI targetUri;
  private final Path target;
  private final Path temp;
  private final FSDataOutputStream out;
  private State state = State.OPEN;

  private RenamingOutputStream(FileSystem fs, FileContext fc, URI targetUri, Path target, Path temp,
      FSDataOutputStream out) {
    this.fs = fs;
    this.fc = fc;
    this.targetUri = targetUri;
    this.target = target;
    this.temp = temp;
    this.out = out;
  }

  /** Starts writing {@code target}, creating its parent directories. */
  static RenamingOutputStream open(FileSystem fs, FileContext fc, URI targetUri, Path target) throws IOException {
    Path temp = HadoopPaths.tempSibling(target);
    try {
      fs.mkdirs(target.getParent());
    } catch (org.apache.hadoop.fs.FileAlreadyExistsException | org.apache.hadoop.fs.ParentNotDirectoryException e) {
      throw HadoopErrors.notADirectory(targetUri, e);
    } catch (IOException e) {
      throw HadoopErrors.translate("create", targetUri, e);
    }
    try {
      return new RenamingOutputStream(fs, fc, targetUri, target, temp, fs.create(temp, false));
    } catch (IOException e) {
      throw HadoopErrors.translate("create", targetUri, e);
    }
  }

  @Override
  public void write(int b) throws IOException {
    requireOpen();
    out.write(b);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    requireOpen();
    out.write(b, off, len);
  }

  /** Pushes buffered bytes to the temporary file; the target stays absent until commit. */
  @Override
  public void flush() throws IOException {
    requireOpen();
    out.flush();
  }

  @Override
  public void commit() throws IOException {
    requireOpen();
    PluginClassLoader.run(() -> {
      try {
        // hsync makes the blocks durable on the DataNodes' disks, not only in their memory.
        // A store without it (WebHDFS streams over HTTP) makes the file durable on close.
        if (out.hasCapability(StreamCapabilities.HSYNC)) {
          out.hsync();
        }
        out.close();
        fc.rename(temp, target, Options.Rename.NONE);
      } catch (org.apache.hadoop.fs.FileAlreadyExistsException e) {
        abort();
        throw HadoopErrors.alreadyExists(targetUri, e);
      } catch (IOException | RuntimeException e) {
        abort();
        if (e instanceof IOException io) {
          throw HadoopErrors.translate("commit", targetUri, io);
        }
        throw e;
      }
      return null;
    });
    state = State.COMMITTED;
  }

  @Override
  public void abort() {
    if (state != State.OPEN) {
      return;
    }
    state = State.ABANDONED;
    PluginClassLoader.call(() -> {
      try {
        out.close();
      } catch (IOException | RuntimeException e) {
        // Closing only ends the write; the temporary file is removed below either way.
      }
      try {
        fs.delete(temp, false);
      } catch (IOException | RuntimeException e) {
        // A leftover temporary name is hidden from listings and never read as data.
      }
      return null;
    });
  }

  private void requireOpen() throws IOException {
    if (state != State.OPEN) {
      throw new IOException(
          "the write of " + targetUri + " was already " + (state == State.COMMITTED ? "committed" : "abandoned"));
    }
  }
}
