package io.millrace.state.hdfs;

import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.fault.FaultPoint;
import io.millrace.spi.state.KeyValue;
import io.millrace.spi.storage.AtomicOutputStream;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.FileAlreadyExistsException;
import java.util.Iterator;
import java.util.List;

/**
 * Publishes state files with the storage's atomic create-if-absent: the whole file is written
 * to the storage's pending stream, the fault point is reported, and only then is it committed.
 * A file that is already there is never replaced; the caller learns that it was there.
 */
final class VersionWriter {
  private final Storage storage;
  private final StoreLayout layout;
  private final CompressionCodec codec;
  private final FaultInjector faults;
  private final ProviderMetrics metrics;

  VersionWriter(Storage storage, StoreLayout layout, CompressionCodec codec, FaultInjector faults, ProviderMetrics metrics) {
    this.storage = storage;
    this.layout = layout;
    this.codec = codec;
    this.faults = faults;
    this.metrics = metrics;
  }

  /**
   * Publishes {@code <version>.delta} with the changes of {@code editor} against its base
   * (a null value is a removal), written as the diff finds them.
   *
   * @return false if the file already existed; it is left as it was
   */
  boolean writeDelta(long version, MapEditor editor) throws IOException {
    URI target = layout.file(version, StateFileKind.DELTA);
    try (AtomicOutputStream out = storage.create(target)) {
      StateFileWriter writer = new StateFileWriter(out, StateFileKind.DELTA, version, codec);
      try {
        editor.writeChanges((key, value) -> {
          try {
            writer.write(key, value);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
      } catch (UncheckedIOException e) {
        throw e.getCause();
      }
      long bytes = writer.finish();
      if (!publish(out, version, FaultPoint.INSIDE_STATE_COMMIT)) {
        return false;
      }
      metrics.deltaBytesWritten.addAndGet(bytes);
      return true;
    }
  }

  /**
   * Publishes {@code <version>.snapshot} with every entry of {@code map}, unless one is there.
   *
   * @param point the fault point to report between writing and publishing
   * @return whether this call published it
   */
  boolean writeSnapshot(long version, StateMap map, FaultPoint point) throws IOException {
    URI target = layout.file(version, StateFileKind.SNAPSHOT);
    if (storage.status(target).isPresent()) {
      return false;
    }
    try (AtomicOutputStream out = storage.create(target)) {
      StateFileWriter writer = new StateFileWriter(out, StateFileKind.SNAPSHOT, version, codec);
      for (Iterator<KeyValue> it = map.iterator(); it.hasNext(); ) {
        KeyValue kv = it.next();
        writer.put(kv.key(), kv.value());
      }
      long bytes = writer.finish();
      if (!publish(out, version, point)) {
        return false;
      }
      metrics.snapshotBytesWritten.addAndGet(bytes);
      return true;
    }
  }

  private boolean publish(AtomicOutputStream out, long version, FaultPoint point) throws IOException {
    faults.reached(point, version);
    try {
      out.commit();
      return true;
    } catch (FileAlreadyExistsException e) {
      // Only commit's "target exists" means another attempt published first.
      return false;
    }
  }
}
