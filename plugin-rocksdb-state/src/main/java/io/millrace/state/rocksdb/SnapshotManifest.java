package io.millrace.state.rocksdb;

import io.millrace.spi.CorruptFileException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;

/**
 * {@code <v>.snapshot}, the commit point of a snapshot: the SST files of a RocksDB checkpoint of
 * version {@code v} (local name, shared name under {@code sst/}, size) and the checkpoint's small
 * files (CURRENT, MANIFEST-*, OPTIONS-*) inline.
 *
 * <pre>
 *   "MRSN" format(1 byte = 1) version(long) numKeys(long)
 *   ssts(int) { localName(UTF) sharedName(UTF) size(long) }
 *   inline(int) { name(UTF) length(int) bytes }
 *   crc32c(int, of every byte before it)
 * </pre>
 *
 * @param version the version the snapshot holds
 * @param numKeys exact number of keys in it
 * @param ssts the SST files, by local name
 * @param inline the other checkpoint files, by name
 */
record SnapshotManifest(long version, long numKeys, List<Sst> ssts, Map<String, byte[]> inline) {
  static final byte[] MAGIC = {'M', 'R', 'S', 'N'};
  static final int FORMAT = 1;

  /** One SST of the checkpoint and where its bytes are shared. */
  record Sst(String localName, String sharedName, long size) {}

  byte[] encode() {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      DataOutputStream out = new DataOutputStream(bytes);
      out.write(MAGIC);
      out.writeByte(FORMAT);
      out.writeLong(version);
      out.writeLong(numKeys);
      out.writeInt(ssts.size());
      for (Sst sst : ssts) {
        out.writeUTF(sst.localName());
        out.writeUTF(sst.sharedName());
        out.writeLong(sst.size());
      }
      out.writeInt(inline.size());
      for (Map.Entry<String, byte[]> file : inline.entrySet()) {
        out.writeUTF(file.getKey());
        out.writeInt(file.getValue().length);
        out.write(file.getValue());
      }
      CRC32C crc = new CRC32C();
      crc.update(bytes.toByteArray());
      out.writeInt((int) crc.getValue());
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new IllegalStateException("writing to memory failed", e);
    }
  }

  static SnapshotManifest decode(byte[] bytes, String path, long expectedVersion) {
    if (bytes.length < MAGIC.length + 4 || !Arrays.equals(Arrays.copyOf(bytes, MAGIC.length), MAGIC)) {
      throw new CorruptFileException(path, "not a RocksDB state snapshot manifest (bad magic or too short)");
    }
    CRC32C crc = new CRC32C();
    crc.update(bytes, 0, bytes.length - 4);
    int stored = ((bytes[bytes.length - 4] & 0xFF) << 24) | ((bytes[bytes.length - 3] & 0xFF) << 16)
        | ((bytes[bytes.length - 2] & 0xFF) << 8) | (bytes[bytes.length - 1] & 0xFF);
    if ((int) crc.getValue() != stored) {
      throw new CorruptFileException(path, "checksum mismatch (truncated or damaged)");
    }
    try {
      DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes, MAGIC.length, bytes.length - MAGIC.length - 4));
      int format = in.readUnsignedByte();
      if (format != FORMAT) {
        throw new CorruptFileException(path, "unknown snapshot format " + format + "; this provider reads " + FORMAT);
      }
      long version = in.readLong();
      if (version != expectedVersion) {
        throw new CorruptFileException(path, "holds version " + version + ", expected " + expectedVersion);
      }
      long numKeys = in.readLong();
      int count = in.readInt();
      List<Sst> ssts = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        ssts.add(new Sst(in.readUTF(), in.readUTF(), in.readLong()));
      }
      int files = in.readInt();
      Map<String, byte[]> inline = new LinkedHashMap<>();
      for (int i = 0; i < files; i++) {
        String name = in.readUTF();
        inline.put(name, in.readNBytes(in.readInt()));
      }
      return new SnapshotManifest(version, numKeys, ssts, inline);
    } catch (IOException e) {
      throw new CorruptFileException(path, "cannot parse: " + e, e);
    }
  }
}
