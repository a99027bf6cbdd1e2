package io.millrace.runtime.exec;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.MillraceException;
import io.millrace.spi.sink.Batch;
import io.millrace.spi.sink.DeliveryGuarantee;
import io.millrace.spi.sink.Sink;
import org.junit.jupiter.api.Test;

/** A sink that cannot write a batch is refused when the query starts, naming the plugin, not at its first batch. */
class BatchWriterTest {

  @Test
  void aSinkWithNoWayToWriteIsRefusedAtStart() {
    Sink nothing = () -> DeliveryGuarantee.AT_LEAST_ONCE;
    assertThatThrownBy(() -> BatchWriter.of("idle", nothing)).isInstanceOf(MillraceException.class)
        .hasMessageContaining("sink 'idle'").hasMessageContaining("implements neither addBatch");
  }

  @Test
  void aSinkThatSaysItWritesPerTaskButHasNoWritersIsRefusedAtStart() {
    Sink claims = new Sink() {
      @Override
      public DeliveryGuarantee guarantee() {
        return DeliveryGuarantee.AT_LEAST_ONCE;
      }

      @Override
      public boolean writesPerTask() {
        return true;
      }
    };
    assertThatThrownBy(() -> BatchWriter.of("claims", claims)).isInstanceOf(MillraceException.class)
        .hasMessageContaining("sink 'claims'").hasMessageContaining("does not implement createWriter");
  }

  @Test
  void aSinkBuiltForAnOlderSpiWithItsOwnAddBatchIsTaken() {
    Sink older = new Sink() {
      @Override
      public DeliveryGuarantee guarantee() {
        return DeliveryGuarantee.AT_LEAST_ONCE;
      }

      @Override
      public void addBatch(long batchId, Batch batch) {}
    };
    assertThatCode(() -> BatchWriter.of("older", older)).doesNotThrowAnyException();
  }
}
