package io.millrace.runtime.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.runtime.foreach.FileForeachWriter;
import io.millrace.spi.data.Row;
import io.millrace.spi.sink.DeliveryGuarantee;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A job file that reads lines from a socket, explodes their words and hands them to a foreach writer class. */
class JobFileSocketForeachTest {
  @TempDir Path dir;

  @Test
  void wordsFromASocketToAForeachWriter() throws Exception {
    Path out = dir.resolve("out");
    try (ServerSocket server = new ServerSocket(0, 5, InetAddress.getLoopbackAddress());
        MillraceSession session = MillraceSession.builder().build()) {
      String yaml = String.join("\n",
          "name: words",
          "source: {format: socket, options: {host: 127.0.0.1, port: " + server.getLocalPort() + "}}",
          "pipeline:",
          "  - select: [\"explode(split(value, ' ')) AS word\"]",
          "  - select: [\"CAST(length(word) AS BIGINT) AS id\", \"word AS value\"]",
          "sink: {format: foreach, options: {writer: io.millrace.runtime.foreach.FileForeachWriter, dir: \"" + out + "\"}}",
          "checkpointLocation: " + dir.resolve("ckpt"),
          "");
      StreamingQuery q = JobFile.parse("words.yaml", yaml).start(session);
      try (Socket client = server.accept()) {
        OutputStream lines = client.getOutputStream();
        lines.write("the quick fox\njumps\n".getBytes(StandardCharsets.UTF_8));
        lines.flush();
        awaitRows(out, 4);
        q.processAllAvailable(); // the batch's progress is recorded after its writers closed
        assertThat(FileForeachWriter.readBack(out)).containsExactlyInAnyOrder(Row.of(3L, "the"), Row.of(5L, "quick"),
            Row.of(3L, "fox"), Row.of(5L, "jumps"));
        assertThat(q.deliveryGuarantee()).isEqualTo(DeliveryGuarantee.NONE);
        assertThat(q.lastProgress().deliveryGuarantee()).isEqualTo("none");
      } finally {
        q.stop();
      }
    }
  }

  private static List<Row> awaitRows(Path out, int count) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    List<Row> rows = new ArrayList<>();
    while (System.nanoTime() < deadline) {
      rows = FileForeachWriter.readBack(out);
      if (rows.size() >= count) {
        return rows;
      }
      Thread.sleep(20);
    }
    return rows;
  }
}
