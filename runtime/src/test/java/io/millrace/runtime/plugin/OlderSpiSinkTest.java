package io.millrace.runtime.plugin;

import static io.millrace.runtime.plugin.TestPlugins.fqcn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.testing.MemoryStream;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.SinkProvider;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A sink compiled against SPI 1.1, whose {@code SinkProvider} had no
 * {@code allowsTemporaryCheckpoint()}, still loads and runs; without a checkpointLocation it is
 * refused, as any sink that has not declared that it may run on a temporary checkpoint.
 */
class OlderSpiSinkTest extends PluginRegistryTestBase {

  @Test
  void aSinkBuiltForSpi11RunsWithACheckpointLocationAndIsRefusedWithout() throws Exception {
    fixtures.builder()
        .compileOnly("io.millrace.spi.sink.SinkProvider", """
            package io.millrace.spi.sink;
            public interface SinkProvider extends io.millrace.spi.Plugin {
              default io.millrace.spi.PluginKind kind() { return io.millrace.spi.PluginKind.SINK; }
              Sink create(SinkContext context);
            }
            """)
        .source(fqcn("OldSink"), TestPlugins.sink("OldSink", "old-sink")
            .replace("return io.millrace.spi.Spi.VERSION;", "return \"1.1\";"))
        .service(SinkProvider.class, fqcn("OldSink"))
        .writeTo(plugins.resolve("old-sink.jar"));
    String input = "old-spi-in-" + UUID.randomUUID();
    MemoryStream.create(input, Schema.parse("id LONG"));
    try (MillraceSession session = MillraceSession.builder().config("millrace.plugins.dir", plugins.toString()).build()) {
      StreamingQuery q = session.readStream().format("memory").option("name", input).load()
          .writeStream().format("old-sink").option("checkpointLocation", tmp.resolve("ckpt").toString()).start();
      q.stop();
      assertThat(q.exception()).isEmpty();

      assertThatThrownBy(() -> session.readStream().format("memory").option("name", input).load()
          .writeStream().format("old-sink").start())
          .isInstanceOf(AnalysisException.class)
          .hasMessageContaining("sink 'old-sink' needs a checkpointLocation");
    } finally {
      MemoryStream.remove(input);
    }
  }
}
