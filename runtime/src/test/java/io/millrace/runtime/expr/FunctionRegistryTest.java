package io.millrace.runtime.expr;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Every function says how it is called and gives an example that names it; an unknown name gets the nearest. */
class FunctionRegistryTest {
  @Test
  void everyFunctionHasItsUsageAndAnExample() {
    assertThat(FunctionRegistry.infos()).isNotEmpty().allSatisfy(f -> {
      assertThat(f.usage()).as(f.name()).startsWith(f.name() + "(");
      assertThat(f.example()).as(f.name()).containsIgnoringCase(f.name());
    });
  }

  @Test
  void theClosestNamesToATypoComeFirst() {
    assertThat(FunctionRegistry.closest("uper")).startsWith("upper");
    assertThat(FunctionRegistry.closest("LENGHT")).contains("length");
    assertThat(FunctionRegistry.closest("zzzzzz")).isEmpty();
  }
}
