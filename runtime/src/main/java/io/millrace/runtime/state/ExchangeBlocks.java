package io.millrace.runtime.state;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * What one map task sends one state partition, as bytes: a block of entries, each an encoded
 * key in the stores' key-group layout and an encoded value. A deduplication sends each row
 * (its {@link RowCodec} encoding) under its key; an aggregation sends each group's partial
 * buffer in the layout of its state values. A state task given only the block computes what it
 * computes from the map side's objects, so the block is all a task in another process needs.
 *
 * <p>Layout: the entry count, then per entry the key's length and bytes and the value's length
 * and bytes, lengths as big-endian ints.
 */
final class ExchangeBlocks {
  private ExchangeBlocks() {}

  /** The rows a deduplication routed to one state partition, as a block. */
  static byte[] ofRows(RoutedRows.Bucket bucket, RowCodec rows) {
    Block out = new Block(bucket.size());
    for (int i = 0; i < bucket.size(); i++) {
      out.entry(bucket.key(i), rows.encode(bucket.row(i)));
    }
    return out.bytes();
  }

  /** The rows of a block {@link #ofRows} wrote, with their keys. */
  static RoutedRows.Bucket rowsOf(byte[] block, RowCodec rows) {
    RoutedRows.Bucket bucket = new RoutedRows.Bucket();
    read(block, (key, value) -> bucket.add(rows.decode(value), key, key.length));
    return bucket;
  }

  /** The partial groups an aggregation routed to one state partition, as a block. */
  static byte[] ofPartials(List<PartialAggregation.Partial> partials, StateValueCodec values) {
    Block out = new Block(partials.size());
    for (PartialAggregation.Partial p : partials) {
      out.entry(p.key().bytes, values.encode(p.buffer()));
    }
    return out.bytes();
  }

  /** The partial groups of a block {@link #ofPartials} wrote, each key row decoded from its key. */
  static List<PartialAggregation.Partial> partialsOf(byte[] block, RowCodec keys, StateValueCodec values) {
    List<PartialAggregation.Partial> partials = new ArrayList<>();
    read(block, (key, value) -> partials.add(
        new PartialAggregation.Partial(new EncodedKey(key), keys.decode(key), values.decode(value))));
    return partials;
  }

  private interface EntryReader {
    void entry(byte[] key, byte[] value);
  }

  private static void read(byte[] block, EntryReader reader) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(block))) {
      int count = in.readInt();
      for (int i = 0; i < count; i++) {
        reader.entry(field(in, block), field(in, block));
      }
      if (in.available() > 0) {
        throw corrupt(in.available() + " bytes after its " + count + " entries");
      }
    } catch (IOException e) {
      throw corrupt("cut short (" + e + ")");
    }
  }

  private static byte[] field(DataInputStream in, byte[] block) throws IOException {
    int length = in.readInt();
    if (length < 0 || length > block.length) {
      throw corrupt("an entry of " + length + " bytes in a block of " + block.length);
    }
    byte[] field = in.readNBytes(length);
    if (field.length < length) {
      throw corrupt("cut short in an entry of " + length + " bytes");
    }
    return field;
  }

  private static IllegalStateException corrupt(String what) {
    return new IllegalStateException("corrupt exchange block: " + what);
  }

  /** A block being written. */
  private static final class Block {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final DataOutputStream out = new DataOutputStream(bytes);

    Block(int entries) {
      write(() -> out.writeInt(entries));
    }

    void entry(byte[] key, byte[] value) {
      write(() -> {
        out.writeInt(key.length);
        out.write(key);
        out.writeInt(value.length);
        out.write(value);
      });
    }

    byte[] bytes() {
      return bytes.toByteArray();
    }

    private void write(IoStep step) {
      try {
        step.run();
      } catch (IOException e) {
        throw new UncheckedIOException(e); // a ByteArrayOutputStream does not throw
      }
    }
  }

  private interface IoStep {
    void run() throws IOException;
  }
}
