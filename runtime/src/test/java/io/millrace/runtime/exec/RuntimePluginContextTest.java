package io.millrace.runtime.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.runtime.Engine;
import io.millrace.spi.Options;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.source.SourceContext;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What a source learns of the session through its context. */
class RuntimePluginContextTest {

  @Test
  void aSourceSeesTheSessionsMinBatchesToRetain() {
    try (Engine engine = new Engine(Map.of("millrace.minBatchesToRetain", "7"), FaultInjector.NONE);
        Engine defaults = new Engine(Map.of(), FaultInjector.NONE)) {
      assertThat(sourceContext(engine).minBatchesToRetain()).isEqualTo(7);
      assertThat(sourceContext(defaults).minBatchesToRetain()).isEqualTo(100);
    }
  }

  private static SourceContext sourceContext(Engine engine) {
    return RuntimePluginContext.forSource(engine, Options.of("source 'x'", Map.of()), "query",
        Optional.empty(), URI.create("file:/tmp/checkpoint/sources/0/"));
  }
}
