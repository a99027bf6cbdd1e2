package io.millrace.storage.hadoop;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The local buffer of an object keeps every byte, in memory or, past its limit, in a file. */
class SpillBufferTest {

  @Test
  void smallContentStaysWholeInMemory() throws IOException {
    try (SpillBuffer buffer = new SpillBuffer(1024)) {
      buffer.write(new byte[] {1, 2, 3}, 0, 3);
      buffer.write(4);
      assertThat(buffer.size()).isEqualTo(4);
      try (InputStream in = buffer.read()) {
        assertThat(in.readAllBytes()).containsExactly(1, 2, 3, 4);
      }
    }
  }

  @Test
  void contentPastTheLimitSpillsToAFileAndReadsBackWhole() throws IOException {
    byte[] content = new byte[10_000];
    new Random(42).nextBytes(content);
    try (SpillBuffer buffer = new SpillBuffer(1_000)) {
      for (int off = 0; off < content.length; off += 700) {
        buffer.write(content, off, Math.min(700, content.length - off));
      }
      assertThat(buffer.size()).isEqualTo(content.length);
      try (InputStream in = buffer.read()) {
        assertThat(in.readAllBytes()).isEqualTo(content);
      }
    }
  }
}
