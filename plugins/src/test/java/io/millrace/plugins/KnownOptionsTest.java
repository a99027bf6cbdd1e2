package io.millrace.plugins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.Options;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KnownOptionsTest {

  @Test
  void knownKeysPassInAnyCase() {
    Options options = Options.of("source 'rate'", Map.of("ROWSPERSECOND", "5", "numPartitions", "2"));
    assertThatCode(() -> KnownOptions.check(options, "rowsPerSecond", "numPartitions", "maxRowsPerTrigger")).doesNotThrowAnyException();
  }

  @Test
  void anUnknownKeyIsNamedWithThePluginAndTheKnownKeys() {
    Options options = Options.of("source 'rate'", Map.of("rowsPerSec", "5"));
    assertThatThrownBy(() -> KnownOptions.check(options, "rowsPerSecond", "numPartitions"))
        .isInstanceOfSatisfying(InvalidOptionException.class, e -> assertThat(e.option()).isEqualTo("rowsPerSec"))
        .hasMessage("option 'rowsPerSec' of source 'rate' is not known; known options: rowsPerSecond, numPartitions");
  }

  @Test
  void aPluginWithoutOptionsSaysSo() {
    Options options = Options.of("trigger 'once'", Map.of("interval", "1s"));
    assertThatThrownBy(() -> KnownOptions.check(options)).hasMessageContaining("it takes no options");
  }
}
