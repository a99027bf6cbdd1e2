package io.millrace.api;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** This module's tests run without the runtime: a session then says what to add, and builds nothing. */
class SessionWithoutEngineTest {

  @Test
  void buildingASessionWithoutAnEngineSaysWhichArtifactToAdd() {
    assertThatThrownBy(() -> MillraceSession.builder().build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("No Millrace engine on the class path")
        .hasMessageContaining("add io.millrace:millrace-runtime");
  }
}
