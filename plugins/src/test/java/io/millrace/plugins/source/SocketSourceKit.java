package io.millrace.plugins.source;

import io.millrace.spi.data.Row;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceContext;
import io.millrace.spi.source.SourceProvider;
import io.millrace.tck.source.SourceKit;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Drives the {@code socket} source from a real local server: each source the suite creates
 * connects to it, and an append sends lines to every connection and returns once every open
 * source has received them. The sources' lines live in this JVM's connections only, so rule S15
 * (another process) does not apply.
 */
final class SocketSourceKit implements SourceKit {
  private final SocketServer server;
  /** Each source created and the lines it must have received; a closed one is removed. */
  private final Map<Source, Long> sent = new IdentityHashMap<>();
  private long lines;

  SocketSourceKit() {
    try {
      server = new SocketServer();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public SourceProvider provider() {
    SocketSourceProvider real = new SocketSourceProvider();
    return new SourceProvider() {
      @Override
      public String name() {
        return real.name();
      }

      @Override
      public String spiVersion() {
        return real.spiVersion();
      }

      @Override
      public Source create(SourceContext context) {
        Source source = real.create(context);
        try {
          source.latestOffset(source.initialOffset(), io.millrace.spi.source.ReadLimit.allAvailable()); // connects
          server.accept();
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        synchronized (sent) {
          sent.put(source, 0L);
        }
        return new ForwardingSource(source, () -> {
          synchronized (sent) {
            sent.remove(source);
          }
        });
      }
    };
  }

  @Override
  public Map<String, String> options() {
    return Map.of("host", "127.0.0.1", "port", Integer.toString(server.port()), "numPartitions", "2");
  }

  @Override
  public boolean reachableFromAnotherProcess() {
    return false;
  }

  @Override
  public List<Row> append(int count) throws IOException {
    List<String> text = new ArrayList<>();
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < count; i++, lines++) {
      text.add("line " + lines);
      rows.add(Row.of("line " + lines));
    }
    Map<Source, Long> open;
    synchronized (sent) {
      sent.replaceAll((source, n) -> n + count);
      open = Map.copyOf(sent);
    }
    server.send(text);
    open.forEach((source, n) -> SocketServer.awaitLines(() -> SocketServer.received(source), n));
    return rows;
  }

  @Override
  public void close() throws IOException {
    server.close();
  }
}
