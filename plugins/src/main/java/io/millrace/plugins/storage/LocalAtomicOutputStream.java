package io.millrace.plugins.storage;

import io.millrace.spi.storage.AtomicOutputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Writes a hidden temporary file next to the target and publishes it on {@link #commit()}:
 * fsync the file, hard-link it to the target (which fails, atomically, if the target exists),
 * drop the temporary name, fsync the directory. Used by one thread at a time.
 */
final class LocalAtomicOutputStream extends AtomicOutputStream {
  private static final int BUFFER_BYTES = 8192;

  private enum State { OPEN, COMMITTED, ABANDONED }

  private final LocalStorage storage;
  private final Path target;
  private final Path temp;
  private final FileChannel channel;
  private final OutputStream out;
  private State state = State.OPEN;

  private LocalAtomicOutputStream(LocalStorage storage, Path target, Path temp, FileChannel channel) {
    this.storage = storage;
    this.target = target;
    this.temp = temp;
    this.channel = channel;
    // Checkpoint files are small: the buffer turns them into a single write(2).
    this.out = new BufferedOutputStream(Channels.newOutputStream(channel), BUFFER_BYTES);
  }

  /** Starts writing {@code target}, creating its parent directories. */
  static LocalAtomicOutputStream open(LocalStorage storage, Path target) throws IOException {
    LocalPaths.createDirectories(target.getParent());
    Path temp = LocalPaths.tempSibling(target);
    FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    return new LocalAtomicOutputStream(storage, target, temp, channel);
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

  @Override
  public void flush() throws IOException {
    requireOpen();
    out.flush();
  }

  @Override
  public void commit() throws IOException {
    requireOpen();
    try {
      out.flush();
      channel.force(true);
      channel.close();
      publish();
    } catch (IOException | RuntimeException e) {
      abort();
      throw e;
    }
    state = State.COMMITTED;
    LocalPaths.forceDirectory(target.getParent());
  }

  private void publish() throws IOException {
    if (storage.usesHardLinks()) {
      try {
        Files.createLink(target, temp);
        deleteTempQuietly();
        return;
      } catch (FileAlreadyExistsException e) {
        throw alreadyExists();
      } catch (UnsupportedOperationException e) {
        moveWithoutReplacing();
        // The move worked where the link did not: this file system has no usable links.
        storage.hardLinksUnavailable();
        return;
      }
      // Any other FileSystemException (EIO, ENOSPC, EPERM on a mount without links) is a real
      // failure: falling back to a non-atomic move would quietly weaken create-if-absent.
    }
    moveWithoutReplacing();
  }

  /**
   * The fallback where links are missing. The JDK checks for the target and then renames,
   * so two racing writers can both succeed; capabilities() says so.
   */
  private void moveWithoutReplacing() throws IOException {
    try {
      Files.move(temp, target);
    } catch (FileAlreadyExistsException e) {
      throw alreadyExists();
    }
  }

  private FileAlreadyExistsException alreadyExists() {
    return new FileAlreadyExistsException(target.toString(), null, "already exists; create-if-absent never replaces a file");
  }

  @Override
  public void abort() {
    if (state != State.OPEN) {
      return;
    }
    state = State.ABANDONED;
    try {
      channel.close();
    } catch (IOException e) {
      // Closing only releases the descriptor; the temporary file is removed below either way.
    }
    deleteTempQuietly();
  }

  private void deleteTempQuietly() {
    try {
      Files.deleteIfExists(temp);
    } catch (IOException e) {
      // A leftover temporary name is hidden from listings and never read as data.
    }
  }

  private void requireOpen() throws IOException {
    if (state != State.OPEN) {
      throw new IOException("the write of " + target + " was already " + (state == State.COMMITTED ? "committed" : "abandoned"));
    }
  }
}
