package io.millrace.plugins.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.plugins.testing.SourceReads;
import io.millrace.plugins.testing.TestSourceContext;
import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.MillraceException;
import io.millrace.spi.data.Row;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.ReadLimit;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceCapability;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SocketSourceTest {
  @TempDir
  Path dir;

  private Source create(SocketServer server, Map<String, String> more) {
    Map<String, String> options = new HashMap<>(server.options());
    options.putAll(more);
    return new SocketSourceProvider().create(TestSourceContext.of("socket", options, dir));
  }

  /** A source that has connected: its first call, as the runtime's, asks for the offset after the start. */
  private Source open(SocketServer server, Map<String, String> more) throws IOException {
    Source source = create(server, more);
    source.latestOffset(source.initialOffset(), ReadLimit.allAvailable());
    server.accept();
    return source;
  }

  @Test
  void readsEachLineAsARowInOrderWithItsArrivalTime() throws IOException {
    try (SocketServer server = new SocketServer();
        Source source = open(server, Map.of("includeTimestamp", "true", "numPartitions", "2"))) {
      assertThat(source.schema().toDdl()).isEqualTo("value STRING, timestamp TIMESTAMP");
      assertThat(source.capabilities()).doesNotContain(SourceCapability.REPLAYABLE);
      long before = SocketLines.micros(Instant.now());
      server.send(List.of("a", "b b", "", "d"));
      SocketServer.awaitLines(() -> SocketServer.received(source), 4);
      Offset end = source.latestOffset(source.initialOffset(), ReadLimit.allAvailable());
      assertThat(end.json()).isEqualTo("4");
      List<List<Row>> partitions = SourceReads.byPartition(source, source.initialOffset(), end);
      assertThat(partitions).hasSize(2);
      List<Row> rows = SourceReads.all(source, source.initialOffset(), end);
      assertThat(rows).extracting(r -> r.get(0)).containsExactly("a", "b b", "", "d");
      assertThat(rows).allSatisfy(r -> assertThat((Long) r.get(1)).isBetween(before, SocketLines.micros(Instant.now())));
    }
  }

  @Test
  void aCommitDropsItsLinesAndTheyCannotBeReadAgain() throws IOException {
    try (SocketServer server = new SocketServer(); Source source = open(server, Map.of())) {
      server.send(List.of("1", "2", "3"));
      SocketServer.awaitLines(() -> SocketServer.received(source), 3);
      Offset two = source.latestOffset(source.initialOffset(), ReadLimit.maxRows(2));
      assertThat(SourceReads.all(source, source.initialOffset(), two)).containsExactly(Row.of("1"), Row.of("2"));
      source.commit(two);
      assertThat(source.metrics()).containsEntry("linesBuffered", "1").containsEntry("linesReceived", "3");
      assertThatThrownBy(() -> source.planInputPartitions(source.initialOffset(), two))
          .hasMessageContaining("cannot read lines 0..1 again").hasMessageContaining("cannot replay");
      Offset three = source.latestOffset(two, ReadLimit.allAvailable());
      assertThat(SourceReads.all(source, two, three)).containsExactly(Row.of("3"));
    }
  }

  @Test
  void aRestartNumbersTheNewConnectionsLinesFromTheOffsetItResumesAt() throws IOException {
    try (SocketServer server = new SocketServer(); Source source = create(server, Map.of())) {
      Offset resumed = source.deserializeOffset("57");
      source.commit(resumed); // the runtime's first call on a restart after a committed batch
      server.accept();
      server.send(List.of("x", "y"));
      SocketServer.awaitLines(() -> SocketServer.received(source), 2);
      Offset end = source.latestOffset(resumed, ReadLimit.allAvailable());
      assertThat(end.json()).isEqualTo("59");
      assertThat(SourceReads.all(source, resumed, end)).containsExactly(Row.of("x"), Row.of("y"));
    }
  }

  @Test
  void theReplayOfABatchAnEarlierRunDidNotCommitReadsNothingAndCountsItsLinesAsLost() throws IOException {
    try (SocketServer server = new SocketServer(); Source source = create(server, Map.of())) {
      Offset start = source.deserializeOffset("10");
      Offset end = source.deserializeOffset("13");
      assertThat(source.planInputPartitions(start, end)).isEmpty();
      server.accept();
      assertThat(source.metrics()).containsEntry("linesLost", "3");
      server.send(List.of("next"));
      SocketServer.awaitLines(() -> SocketServer.received(source), 1);
      Offset after = source.latestOffset(end, ReadLimit.allAvailable());
      assertThat(after.json()).isEqualTo("14");
      assertThat(SourceReads.all(source, end, after)).containsExactly(Row.of("next"));
    }
  }

  @Test
  void creatingTheSourceOpensNoConnection() throws IOException {
    try (SocketServer server = new SocketServer(); Source source = create(server, Map.of())) {
      assertThat(source.schema().toDdl()).isEqualTo("value STRING");
      assertThat(source.metrics()).containsEntry("connected", "false");
    }
  }

  @Test
  void whenTheServerIsDoneNoMoreRowsComeAndTheMetricsSaySo() throws IOException {
    try (SocketServer server = new SocketServer(); Source source = open(server, Map.of())) {
      server.send(List.of("last"));
      server.closeConnections();
      SocketServer.awaitLines(() -> source.metrics().get("connected").equals("false") ? 1 : 0, 1);
      Offset end = source.latestOffset(source.initialOffset(), ReadLimit.allAvailable());
      assertThat(SourceReads.all(source, source.initialOffset(), end)).containsExactly(Row.of("last"));
      assertThat(source.latestOffset(end, ReadLimit.allAvailable())).isEqualTo(end);
    }
  }

  @Test
  void aFullBufferStopsReadingUntilACommitMakesRoom() throws IOException {
    try (SocketServer server = new SocketServer(); Source source = open(server, Map.of("maxBufferedLines", "2"))) {
      server.send(List.of("1", "2", "3", "4", "5"));
      SocketServer.awaitLines(() -> SocketServer.received(source), 2);
      Offset first = source.latestOffset(source.initialOffset(), ReadLimit.allAvailable());
      assertThat(first.json()).isEqualTo("2");
      source.commit(first);
      SocketServer.awaitLines(() -> SocketServer.received(source), 4);
      Offset second = source.latestOffset(first, ReadLimit.allAvailable());
      assertThat(SourceReads.all(source, first, second)).containsExactly(Row.of("3"), Row.of("4"));
      source.commit(second);
      SocketServer.awaitLines(() -> SocketServer.received(source), 5);
      assertThat(source.metrics()).containsEntry("linesReceived", "5");
    }
  }

  @Test
  void badOptionsAndARefusedConnectionAreClearErrors() throws IOException {
    int closedPort;
    try (ServerSocket s = new ServerSocket(0)) {
      closedPort = s.getLocalPort();
    }
    SocketSourceProvider provider = new SocketSourceProvider();
    Source refused = provider.create(TestSourceContext.of("socket", Map.of("host", "127.0.0.1",
        "port", Integer.toString(closedPort)), dir));
    assertThatThrownBy(() -> refused.latestOffset(refused.initialOffset(), ReadLimit.allAvailable()))
        .isInstanceOf(MillraceException.class)
        .hasMessageContaining("source 'socket' cannot connect to 127.0.0.1:" + closedPort)
        .hasMessageContaining("nc -lk " + closedPort);
    assertThatThrownBy(() -> provider.create(TestSourceContext.of("socket", Map.of("host", "localhost"), dir)))
        .isInstanceOf(InvalidOptionException.class).hasMessageContaining("option 'port' of source 'socket' is required");
    assertThatThrownBy(() -> provider.create(TestSourceContext.of("socket", Map.of("host", "localhost", "port", "70000"),
        dir))).isInstanceOf(InvalidOptionException.class).hasMessageContaining("a TCP port from 1 to 65535");
    assertThatThrownBy(() -> provider.create(TestSourceContext.of("socket", Map.of("host", "localhost", "port", "1",
        "includeTimestamps", "true"), dir))).isInstanceOf(InvalidOptionException.class)
        .hasMessageContaining("option 'includeTimestamps' of source 'socket' is not known");
  }
}
