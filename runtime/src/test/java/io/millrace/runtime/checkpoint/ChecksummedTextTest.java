package io.millrace.runtime.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.CorruptFileException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ChecksummedTextTest {
  private static final String PAYLOAD = "v1\n{\"batchWatermarkMs\":0}\n42\n";

  @Test
  void roundTrips() {
    assertThat(ChecksummedText.open("f", ChecksummedText.seal(PAYLOAD))).isEqualTo(PAYLOAD);
    assertThat(ChecksummedText.open("f", ChecksummedText.seal(""))).isEmpty();
  }

  @Test
  void everyTruncationIsCaught() {
    byte[] sealed = ChecksummedText.seal(PAYLOAD);
    for (int length = 0; length < sealed.length; length++) {
      byte[] cut = Arrays.copyOf(sealed, length);
      assertThatThrownBy(() -> ChecksummedText.open("/ckpt/offsets/7", cut))
          .as("cut to %d bytes", length)
          .isInstanceOf(CorruptFileException.class)
          .hasMessageContaining("/ckpt/offsets/7");
    }
  }

  @Test
  void everyFlippedPayloadBitIsCaught() {
    byte[] sealed = ChecksummedText.seal(PAYLOAD);
    int payloadLength = PAYLOAD.getBytes(StandardCharsets.UTF_8).length;
    for (int i = 0; i < payloadLength; i++) {
      for (int bit = 0; bit < 8; bit++) {
        byte[] bad = sealed.clone();
        bad[i] ^= (byte) (1 << bit);
        assertThatThrownBy(() -> ChecksummedText.open("f", bad)).isInstanceOf(CorruptFileException.class);
      }
    }
  }

  @Test
  void aFileWithoutTrailerSaysSo() {
    assertThatThrownBy(() -> ChecksummedText.open("f", "v1\n{}\n".getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("no checksum trailer");
  }
}
