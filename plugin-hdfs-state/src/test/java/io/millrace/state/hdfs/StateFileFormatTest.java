package io.millrace.state.hdfs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.millrace.spi.CorruptFileException;
import java.io.ByteArrayInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.zip.CRC32C;
import java.util.zip.CheckedOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Round trips of both file kinds in every codec, damage of every byte and every length, and the
 * exact bytes: files must stay what earlier releases wrote for the same entries.
 */
class StateFileFormatTest {
  private static final String PATH = "file:/store/7.delta";

  private static byte[] delta(CompressionCodec codec) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    StateFileWriter writer = new StateFileWriter(out, StateFileKind.DELTA, 7, codec);
    writer.put(TestStores.bytes("a"), TestStores.bytes("1"));
    writer.remove(TestStores.bytes("b"));
    writer.put(new byte[] {(byte) 0xFF}, new byte[0]);
    long written = writer.finish();
    assertEquals(out.size(), written, "finish() reports the bytes written");
    return out.toByteArray();
  }

  private static List<String> read(byte[] file, StateFileKind kind, long version) {
    List<String> out = new ArrayList<>();
    StateFileReader.read(PATH, new ByteArrayInputStream(file), kind, version,
        (k, v) -> out.add(Arrays.toString(k) + "=" + (v == null ? "deleted" : Arrays.toString(v))));
    return out;
  }

  @ParameterizedTest
  @EnumSource(CompressionCodec.class)
  void deltaRoundTrips(CompressionCodec codec) throws IOException {
    assertEquals(List.of("[97]=[49]", "[98]=deleted", "[-1]=[]"), read(delta(codec), StateFileKind.DELTA, 7));
  }

  @ParameterizedTest
  @EnumSource(CompressionCodec.class)
  void snapshotRoundTripsThroughTheBuilder(CompressionCodec codec) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    StateFileWriter writer = new StateFileWriter(out, StateFileKind.SNAPSHOT, 3, codec);
    for (int i = 0; i < 10_000; i++) {
      writer.put(TestStores.bytes(String.format("k%06d", i)), TestStores.bytes("v" + i));
    }
    writer.finish();
    StateMapBuilder builder = new StateMapBuilder();
    long records = StateFileReader.read(PATH, new ByteArrayInputStream(out.toByteArray()), StateFileKind.SNAPSHOT, 3,
        builder::add);
    StateMap map = builder.build();
    assertEquals(10_000, records);
    assertEquals(10_000, map.size());
    assertArrayEquals(TestStores.bytes("v4321"), map.get(TestStores.bytes("k004321")));
    assertNull(map.get(TestStores.bytes("k010000")));
  }

  @ParameterizedTest
  @EnumSource(CompressionCodec.class)
  void everyFlippedByteIsCorruptionNamingTheFile(CompressionCodec codec) throws IOException {
    byte[] file = delta(codec);
    for (int i = 0; i < file.length; i++) {
      byte[] damaged = file.clone();
      damaged[i] ^= (byte) 0xFF;
      int at = i;
      CorruptFileException e = assertThrows(CorruptFileException.class, () -> read(damaged, StateFileKind.DELTA, 7),
          () -> codec + ": flipping byte " + at + " of " + file.length + " was not detected");
      assertEquals(PATH, e.path());
      assertTrue(e.getMessage().contains(PATH), e.getMessage());
    }
  }

  @ParameterizedTest
  @EnumSource(CompressionCodec.class)
  void everyTruncationIsCorruption(CompressionCodec codec) throws IOException {
    byte[] file = delta(codec);
    for (int length = 0; length < file.length; length++) {
      byte[] cut = Arrays.copyOf(file, length);
      int at = length;
      assertThrows(CorruptFileException.class, () -> read(cut, StateFileKind.DELTA, 7),
          () -> codec + ": truncating to " + at + " of " + file.length + " bytes was not detected");
    }
  }

  @ParameterizedTest
  @EnumSource(CompressionCodec.class)
  void appendedBytesAreCorruption(CompressionCodec codec) throws IOException {
    byte[] file = delta(codec);
    byte[] longer = Arrays.copyOf(file, file.length + 1);
    assertThrows(CorruptFileException.class, () -> read(longer, StateFileKind.DELTA, 7));
  }

  @ParameterizedTest
  @EnumSource(CompressionCodec.class)
  void aFileOfAnotherVersionOrKindIsRejected(CompressionCodec codec) throws IOException {
    byte[] file = delta(codec);
    assertThrows(CorruptFileException.class, () -> read(file, StateFileKind.DELTA, 8));
    assertThrows(CorruptFileException.class, () -> read(file, StateFileKind.SNAPSHOT, 7));
  }

  @ParameterizedTest
  @EnumSource(CompressionCodec.class)
  void equalContentGivesEqualBytes(CompressionCodec codec) throws IOException {
    assertArrayEquals(delta(codec), delta(codec));
  }

  /** The small delta with no compression, as the first release wrote it (hex of the whole file). */
  private static final String SMALL_DELTA_NONE = "4d5248530144000000000000000007416ea14f"
      + "00000001610000000131" + "0000000162ffffffff" + "00000001ff00000000"
      + "ffffffff0000000000000003" + "95ff5e95";

  @Test
  void aSmallUncompressedDeltaHasThePinnedBytes() throws IOException {
    assertEquals(SMALL_DELTA_NONE, HexFormat.of().formatHex(delta(CompressionCodec.NONE)));
  }

  @ParameterizedTest
  @EnumSource(CompressionCodec.class)
  void filesAreByteForByteWhatTheDataStreamEncodingWrote(CompressionCodec codec) throws IOException {
    // Lengths that leave integers straddling the writer's chunk boundaries, and values larger than a chunk.
    Random random = new Random(7);
    List<byte[][]> records = new ArrayList<>();
    for (int i = 0; i < 20_000; i++) {
      byte[] key = TestStores.bytes(String.format("k%07d", i));
      byte[] value = i % 5 == 0 ? null : new byte[i % 4000 == 1 ? StateFileWriter.CHUNK + i : random.nextInt(37)];
      if (value != null) {
        random.nextBytes(value);
      }
      records.add(new byte[][] {key, value});
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    StateFileWriter writer = new StateFileWriter(out, StateFileKind.DELTA, 11, codec);
    for (byte[][] r : records) {
      writer.write(r[0], r[1]);
    }
    long written = writer.finish();
    assertEquals(out.size(), written);
    assertArrayEquals(dataStreamEncoding(codec, 11, records), out.toByteArray(), codec + ": the bytes changed");
  }

  /** The encoding of the first release: a DataOutputStream over a 64 KiB buffer over the checksum and codec. */
  private static byte[] dataStreamEncoding(CompressionCodec codec, long version, List<byte[][]> records) throws IOException {
    ByteArrayOutputStream file = new ByteArrayOutputStream();
    file.write(StateFileFormat.header(StateFileKind.DELTA, codec, version));
    OutputStream compressed = codec.compress(file);
    CRC32C crc = new CRC32C();
    CheckedOutputStream checked = new CheckedOutputStream(compressed, crc);
    DataOutputStream data = new DataOutputStream(new BufferedOutputStream(checked, 1 << 16));
    for (byte[][] r : records) {
      data.writeInt(r[0].length);
      data.write(r[0]);
      if (r[1] == null) {
        data.writeInt(StateFileFormat.DELETION);
      } else {
        data.writeInt(r[1].length);
        data.write(r[1]);
      }
    }
    data.writeInt(StateFileFormat.TERMINATOR);
    data.writeLong(records.size());
    data.flush();
    int sum = (int) crc.getValue();
    checked.write(new byte[] {(byte) (sum >>> 24), (byte) (sum >>> 16), (byte) (sum >>> 8), (byte) sum});
    compressed.close();
    return file.toByteArray();
  }
}
