package io.millrace.plugins.source;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * A real TCP server on a free local port for socket source tests: each connection a source makes
 * is accepted at once (the client's connect has completed through the backlog), and lines go to
 * every connection accepted.
 */
final class SocketServer implements AutoCloseable {
  private final ServerSocket server;
  private final List<Socket> clients = new ArrayList<>();

  SocketServer() throws IOException {
    server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
  }

  int port() {
    return server.getLocalPort();
  }

  Map<String, String> options() {
    return Map.of("host", "127.0.0.1", "port", Integer.toString(port()));
  }

  /** Accepts the connection a source just made (a connect completes through the backlog before this). */
  Socket accept() throws IOException {
    Socket client = server.accept();
    clients.add(client);
    return client;
  }

  /** Sends {@code lines} to every connection, each ended by a newline. */
  void send(List<String> lines) throws IOException {
    StringBuilder text = new StringBuilder();
    lines.forEach(l -> text.append(l).append('\n'));
    for (Socket client : clients) {
      if (!client.isClosed()) {
        OutputStream out = client.getOutputStream();
        out.write(text.toString().getBytes(StandardCharsets.UTF_8));
        out.flush();
      }
    }
  }

  /** Ends every connection as a server that is done would. */
  void closeConnections() throws IOException {
    for (Socket client : clients) {
      client.close();
    }
  }

  /** Waits until {@code received} reaches {@code count}: the lines sent have arrived. */
  static void awaitLines(LongSupplier received, long count) {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (received.getAsLong() < count) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the source received " + received.getAsLong() + " of " + count + " lines in 30 s");
      }
      java.util.concurrent.locks.LockSupport.parkNanos(1_000_000); // polls a condition; the outcome is the condition's
    }
  }

  static long received(io.millrace.spi.source.Source source) {
    return Long.parseLong(source.metrics().get("linesReceived"));
  }

  @Override
  public void close() throws IOException {
    closeConnections();
    server.close();
  }
}
