package io.millrace.state.hdfs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.millrace.spi.CorruptFileException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Round trips of both file kinds in every codec, and damage of every byte and every length. */
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
}
