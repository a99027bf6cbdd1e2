package io.millrace.plugins.source;

import io.millrace.plugins.KnownOptions;
import io.millrace.spi.MillraceException;
import io.millrace.spi.Options;
import io.millrace.spi.Spi;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceContext;
import io.millrace.spi.source.SourceProvider;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * The {@code socket} source, as Spark's: text lines from {@code host}:{@code port}, one row each
 * ({@code value STRING}, with {@code includeTimestamp} also {@code timestamp TIMESTAMP}, when the
 * line arrived). For demos and tests: it cannot replay, so the query's guarantee is none. It
 * connects at its first batch, so explaining a query opens no connection.
 *
 * <p>Options: {@code host} and {@code port} (required), {@code includeTimestamp} (false),
 * {@code numPartitions} (1), {@code maxRowsPerTrigger} (unset), {@code maxBufferedLines} (1 000 000:
 * the lines held before the source stops reading and lets TCP hold the server back).
 */
public final class SocketSourceProvider implements SourceProvider {
  static final String HOST = "host";
  static final String PORT = "port";
  static final String INCLUDE_TIMESTAMP = "includeTimestamp";
  static final String MAX_BUFFERED_LINES = "maxBufferedLines";
  private static final int CONNECT_TIMEOUT_MILLIS = 10_000;

  @Override
  public String name() {
    return "socket";
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  @Override
  public String description() {
    return "text lines from a TCP server (host, port), for demos: not replayable, so no delivery guarantee";
  }

  @Override
  public Source create(SourceContext context) {
    Options options = context.options();
    KnownOptions.check(options, HOST, PORT, INCLUDE_TIMESTAMP, RowSourceOptions.NUM_PARTITIONS,
        RowSourceOptions.MAX_ROWS_PER_TRIGGER, MAX_BUFFERED_LINES);
    String host = options.require(HOST);
    options.require(PORT);
    int port = options.getInt(PORT, 0, 1);
    if (port > 65_535) {
      throw options.invalid(PORT, String.valueOf(port), "a TCP port from 1 to 65535");
    }
    boolean includeTimestamp = options.getBoolean(INCLUDE_TIMESTAMP, false);
    int capacity = options.getInt(MAX_BUFFERED_LINES, 1_000_000, 1);
    RowSourceOptions settings = RowSourceOptions.read(options);
    RowSourceOptions.checkUserSchema(context, includeTimestamp ? SocketSource.SCHEMA_WITH_TIMESTAMP : SocketSource.SCHEMA,
        "the socket source");
    String owner = options.owner();
    return new SocketSource(() -> new SocketLines(connect(owner, host, port), owner, capacity), settings,
        includeTimestamp, owner);
  }

  private static Socket connect(String owner, String host, int port) {
    Socket socket = new Socket();
    try {
      socket.connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MILLIS);
      return socket;
    } catch (IOException e) {
      try {
        socket.close();
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw new MillraceException(owner + " cannot connect to " + host + ":" + port + ": " + e.getMessage()
          + " (is a server listening there? for a demo, `nc -lk " + port + "`)", e);
    }
  }
}
