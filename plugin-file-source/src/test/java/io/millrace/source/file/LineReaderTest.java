package io.millrace.source.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LineReaderTest {
  /**
   * Lines of many lengths with bytes a faster search could mistake for a newline (0x0B right
   * after one, 0x8A with its low bits), CR endings, a last line with and without its newline, and
   * reads that stop anywhere, so that lines straddle refills and growth of the buffer.
   */
  @Test
  void splitsAsAByteAtATimeSearchWould() throws IOException {
    Random random = new Random(5);
    byte[] alphabet = {'a', '{', '"', 0x0B, 0x09, 0x01, 0x00, (byte) 0x8A, (byte) 0xFF, '\r'};
    for (int round = 0; round < 200; round++) {
      ByteArrayOutputStream text = new ByteArrayOutputStream();
      int lines = random.nextInt(30);
      for (int l = 0; l < lines; l++) {
        for (int b = random.nextInt(40); b > 0; b--) {
          text.write(alphabet[random.nextInt(alphabet.length)]);
        }
        if (l < lines - 1 || random.nextBoolean()) {
          text.write('\n');
        }
      }
      byte[] all = text.toByteArray();
      List<String> expected = byteAtATime(all);
      LineReader reader = new LineReader(new Chunks(all, random), random.nextInt(3) == 0 ? 4 : all.length);
      List<String> actual = new ArrayList<>();
      while (reader.next()) {
        actual.add(HexFormat.of().formatHex(reader.buffer(), reader.start(), reader.start() + reader.length()));
      }
      assertThat(actual).as("round %d: %s", round, HexFormat.of().formatHex(all)).isEqualTo(expected);
    }
  }

  /** The rule, a byte at a time: lines end at a newline, lose a CR before it, and a last one needs none. */
  private static List<String> byteAtATime(byte[] all) {
    List<String> lines = new ArrayList<>();
    int start = 0;
    for (int i = 0; i <= all.length; i++) {
      if (i == all.length && start == all.length) {
        break;
      }
      if (i == all.length || all[i] == '\n') {
        int end = i > start && all[i - 1] == '\r' ? i - 1 : i;
        lines.add(HexFormat.of().formatHex(all, start, end));
        start = i + 1;
      }
    }
    return lines;
  }

  @Test
  void aNewlineInEachPositionOfAWordIsFound() throws IOException {
    for (int at = 0; at < 20; at++) {
      byte[] bytes = new byte[24];
      Arrays.fill(bytes, (byte) 0x0B);
      bytes[at] = '\n';
      LineReader reader = new LineReader(new Chunks(bytes, null), bytes.length);
      assertThat(reader.next()).isTrue();
      assertThat(reader.length()).as("newline at %d", at).isEqualTo(at);
      assertThat(reader.next()).isTrue();
      assertThat(reader.length()).isEqualTo(bytes.length - at - 1);
      assertThat(reader.next()).isFalse();
    }
  }

  /** Hands out the bytes in reads of random sizes, or all at once without a random. */
  private static final class Chunks extends InputStream {
    private final byte[] bytes;
    private final Random random;
    private int pos;

    Chunks(byte[] bytes, Random random) {
      this.bytes = bytes;
      this.random = random;
    }

    @Override
    public int read() {
      return pos < bytes.length ? bytes[pos++] & 0xFF : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      if (pos == bytes.length) {
        return -1;
      }
      int n = Math.min(Math.min(len, bytes.length - pos), random == null ? len : 1 + random.nextInt(13));
      System.arraycopy(bytes, pos, b, off, n);
      pos += n;
      return n;
    }
  }
}
