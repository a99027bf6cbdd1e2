package io.millrace.runtime.state.keyed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.CorruptFileException;
import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStoreId;
import java.lang.reflect.Proxy;
import java.net.URI;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** A packed list entry reads back as it was packed, and a damaged one fails naming its store. */
class PackedListTest {
  private static final StateStore STORE = store(new StateStoreId(URI.create("file:/ckpt/"), 3, 1, "open"));

  @Test
  void anEntryReadsBackItsElementsInOrder() {
    byte[][] elements = {{1, 2, 3}, {}, {9}};
    byte[] packed = PackedList.pack(elements);

    assertThat(PackedList.isPacked(packed)).isTrue();
    assertThat(packed).hasSize((int) PackedList.length(elements));
    assertThat(PackedList.count(packed, STORE)).isEqualTo(3);
    assertThat(PackedList.elements(packed, STORE)).isDeepEqualTo(elements);
  }

  @Test
  void anEmptyListIsItsHeaderAlone() {
    byte[] packed = PackedList.pack(new byte[0][]);

    assertThat(packed).hasSize(5);
    assertThat(PackedList.elements(packed, STORE)).isEmpty();
  }

  @Test
  void anEntryCutShortFailsNamingTheStore() {
    byte[] packed = PackedList.pack(new byte[][] {{1, 2, 3}, {4, 5}});
    byte[] cut = Arrays.copyOf(packed, packed.length - 1);

    assertThatThrownBy(() -> PackedList.elements(cut, STORE))
        .isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("file:/ckpt/state/3/1/open")
        .hasMessageContaining("element 1 of 2 runs past its " + cut.length + " bytes");
  }

  @Test
  void bytesAfterTheLastElementAreDamage() {
    byte[] packed = PackedList.pack(new byte[][] {{1}});
    byte[] longer = Arrays.copyOf(packed, packed.length + 2);

    assertThatThrownBy(() -> PackedList.elements(longer, STORE))
        .isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("2 bytes follow its 1 elements");
  }

  @Test
  void aCountTheBytesCannotHoldIsDamage() {
    byte[] header = ByteBuffer.allocate(5).put((byte) 0xFF).putInt(1_000).array();
    byte[] negative = ByteBuffer.allocate(5).put((byte) 0xFF).putInt(-1).array();

    assertThatThrownBy(() -> PackedList.count(header, STORE)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("claims 1000 elements in 5 bytes");
    assertThatThrownBy(() -> PackedList.count(negative, STORE)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("claims -1 elements");
    assertThatThrownBy(() -> PackedList.count(new byte[] {(byte) 0xFF, 0}, STORE))
        .isInstanceOf(CorruptFileException.class).hasMessageContaining("end inside its header");
  }

  @Test
  void anElementLengthPastTheEntryOrNegativeIsDamage() {
    byte[] past = ByteBuffer.allocate(12).put((byte) 0xFF).putInt(1).putInt(Integer.MAX_VALUE).array();
    byte[] negative = ByteBuffer.allocate(12).put((byte) 0xFF).putInt(1).putInt(-3).array();

    assertThatThrownBy(() -> PackedList.elements(past, STORE)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("element 0 of 1 runs past its 12 bytes");
    assertThatThrownBy(() -> PackedList.elements(negative, STORE)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("element 0 of 1 runs past its 12 bytes");
  }

  @Test
  void aSizeEntryIsEightBytesOfACount() {
    assertThat(PackedList.size(KeyLayout.longBytes(3), STORE)).isEqualTo(3);

    assertThatThrownBy(() -> PackedList.size(new byte[] {0, 0, 1}, STORE)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("file:/ckpt/state/3/1/open").hasMessageContaining("size entry is damaged: 3 bytes");
    assertThatThrownBy(() -> PackedList.size(KeyLayout.longBytes(-2), STORE)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("8 bytes holding -2");
  }

  /** A store that only knows its id: all a damaged entry asks of it. */
  private static StateStore store(StateStoreId id) {
    return (StateStore) Proxy.newProxyInstance(StateStore.class.getClassLoader(), new Class<?>[] {StateStore.class},
        (proxy, method, args) -> {
          if (method.getName().equals("id")) {
            return id;
          }
          throw new UnsupportedOperationException(method.getName());
        });
  }
}
