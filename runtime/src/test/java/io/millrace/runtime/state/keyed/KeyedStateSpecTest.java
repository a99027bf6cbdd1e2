package io.millrace.runtime.state.keyed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.data.Schema;
import org.junit.jupiter.api.Test;

/** A variable's name is its directory in the checkpoint, so the names a spec takes are those that stay apart. */
class KeyedStateSpecTest {
  private static final Schema S = Schema.parse("x INT");
  private final KeyedStateSpec spec = KeyedStateSpec.of("op", Schema.parse("k STRING")).value("count", S);

  @Test
  void namesThatAreNotSimpleDirectoryNamesAreRefused() {
    for (String bad : new String[] {"", "_timers", "1st", "a/b", "a.b", "a b", "..", "x".repeat(65)}) {
      assertThatThrownBy(() -> spec.list(bad, S)).as(bad).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("op: state variable name '" + bad + "' is not a letter followed");
    }
    assertThat(spec.list("a-b_C9" + "x".repeat(58), S).variables()).hasSize(2);
  }

  @Test
  void theDefaultStoreNameAndNamesDifferingOnlyInCaseAreRefused() {
    assertThatThrownBy(() -> spec.value("Default", S)).hasMessageContaining("taken by the operator's default store");
    assertThatThrownBy(() -> spec.value("count", S)).hasMessageContaining("'count' is declared twice");
    assertThatThrownBy(() -> spec.map("COUNT", S, S)).hasMessageContaining("(as 'count': names differing only in case");
  }

  @Test
  void variablesKeepTheirDeclarationOrder() {
    KeyedStateSpec full = spec.list("b", S).map("a", S, S).withTimers();
    assertThat(full.variables()).extracting(StateVariable::name).containsExactly("count", "b", "a");
    assertThat(full.variable("a").orElseThrow().describe()).isEqualTo("MAP<[x INT] -> [x INT]>");
    assertThat(full.hasTimers()).isTrue();
    assertThat(spec.hasTimers()).as("a spec is not changed by the ones made from it").isFalse();
  }
}
