package io.millrace.storage.hadoop;

import io.millrace.spi.storage.AtomicOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.StreamCapabilities;

/**
 * Create-if-absent for object stores, which have no atomic rename: the bytes are buffered
 * locally, and {@link #commit()} writes the final object in one piece with
 * {@code create(path, overwrite=false)}. Nothing exists at the target until then, and a write
 * that is abandoned never reaches the store.
 *
 * <p>On S3A, with {@code fs.s3a.create.conditional.enabled} (Hadoop's default), the PUT carries
 * {@code If-None-Match: *}, so a store that honours it refuses the object if one appeared in the
 * meantime (HTTP 412). Without it S3A checks for the object with a HEAD before the PUT, which
 * two writers can both pass. Used by one thread at a time.
 */
final class ObjectStoreOutputStream extends AtomicOutputStream {
  /** S3A's builder option for a put-if-absent (HADOOP-19256); other stores ignore it. */
  static final String CONDITIONAL_OVERWRITE = "fs.option.create.conditional.overwrite";
  /**
   * What S3A turns HTTP 412 into. Named, not imported, so this class also loads where a
   * deployment left the S3A connector out.
   */
  private static final String S3A_PRECONDITION_FAILED = "org.apache.hadoop.fs.s3a.RemoteFileChangedException";
  /** Objects up to this size stay in memory until commit; larger ones go to a local file. */
  private static final int MEMORY_LIMIT = 8 * 1024 * 1024;
  private static final int COPY_CHUNK = 64 * 1024;

  private enum State { OPEN, COMMITTED, ABANDONED }

  private final FileSystem fs;
  private final URI targetUri;
  private final Path target;
  private final boolean conditionalPut;
  private final SpillBuffer buffer = new SpillBuffer(MEMORY_LIMIT);
  private State state = State.OPEN;

  /**
   * Starts writing {@code target}.
   *
   * @param conditionalPut whether to ask the store for a put-if-absent
   */
  ObjectStoreOutputStream(FileSystem fs, URI targetUri, Path target, boolean conditionalPut) {
    this.fs = fs;
    this.targetUri = targetUri;
    this.target = target;
    this.conditionalPut = conditionalPut;
  }

  @Override
  public void write(int b) throws IOException {
    requireOpen();
    buffer.write(b);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    requireOpen();
    buffer.write(b, off, len);
  }

  /** Nothing to push: the object is written only at commit. */
  @Override
  public void flush() throws IOException {
    requireOpen();
  }

  @Override
  public void commit() throws IOException {
    requireOpen();
    try {
      PluginClassLoader.run(() -> {
        upload();
        return null;
      });
    } catch (IOException | RuntimeException e) {
      abort();
      throw e;
    }
    state = State.COMMITTED;
    releaseBuffer();
  }

  private void upload() throws IOException {
    FSDataOutputStream out;
    try {
      out = createObject();
    } catch (org.apache.hadoop.fs.FileAlreadyExistsException e) {
      throw HadoopErrors.alreadyExists(targetUri, e);
    } catch (IOException e) {
      throw HadoopErrors.translate("create", targetUri, e);
    }
    try (InputStream in = buffer.read()) {
      byte[] chunk = new byte[COPY_CHUNK];
      for (int n = in.read(chunk); n >= 0; n = in.read(chunk)) {
        out.write(chunk, 0, n);
      }
    } catch (IOException | RuntimeException e) {
      discard(out);
      if (e instanceof IOException io) {
        throw HadoopErrors.translate("write", targetUri, io);
      }
      throw e;
    }
    try {
      // The object store publishes the object here, in one piece.
      out.close();
    } catch (org.apache.hadoop.fs.FileAlreadyExistsException e) {
      throw HadoopErrors.alreadyExists(targetUri, e);
    } catch (IOException e) {
      if (conditionalPut && e.getClass().getName().equals(S3A_PRECONDITION_FAILED)) {
        // HTTP 412 on the If-None-Match: * put: an object appeared at the target first.
        throw HadoopErrors.alreadyExists(targetUri, e);
      }
      throw HadoopErrors.translate("commit", targetUri, e);
    }
  }

  private FSDataOutputStream createObject() throws IOException {
    if (!conditionalPut) {
      return fs.create(target, false);
    }
    // createFile's builder is a raw type in Hadoop's API, hence the cast.
    return (FSDataOutputStream) fs.createFile(target).overwrite(false).opt(CONDITIONAL_OVERWRITE, true).build();
  }

  /**
   * Stops a half-written object from being published. Closing would publish what was written,
   * so a stream that can abort (S3A) is aborted; any other is closed and the partial object,
   * which create-if-absent made ours, is deleted.
   */
  private void discard(FSDataOutputStream out) {
    try {
      if (out.hasCapability(StreamCapabilities.ABORTABLE_STREAM)) {
        out.abort();
        return;
      }
      out.close();
      fs.delete(target, false);
    } catch (IOException | RuntimeException e) {
      // Best effort, on a write that has already failed and reports that failure.
    }
  }

  @Override
  public void abort() {
    if (state != State.OPEN) {
      return;
    }
    state = State.ABANDONED;
    releaseBuffer();
  }

  private void releaseBuffer() {
    try {
      buffer.close();
    } catch (IOException e) {
      // A leftover local buffer file is never read; the JVM's temporary directory holds it.
    }
  }

  private void requireOpen() throws IOException {
    if (state != State.OPEN) {
      throw new IOException(
          "the write of " + targetUri + " was already " + (state == State.COMMITTED ? "committed" : "abandoned"));
    }
  }
}
