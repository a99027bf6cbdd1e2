package io.millrace.plugins.source;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The lines a TCP server sends, read by a thread of their own and held until a commit drops them,
 * numbered from a base the source sets. At most {@code capacity} lines wait: then the thread stops
 * reading, and TCP holds the server back, rather than drop a line.
 */
final class SocketLines implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger(SocketLines.class.getName());

  /** One line and when it arrived, in microseconds since the epoch. */
  record Line(String text, long arrivedMicros) {
  }

  private final Socket socket;
  private final String owner;
  private final int capacity;
  private final Thread reader;
  /** Lines not dropped yet; the first is number {@code first}. Guarded by {@code this}. */
  private final List<Line> lines = new ArrayList<>();
  private long first;
  private long received;
  private boolean ended;
  private IOException failure;
  private volatile boolean closing;

  SocketLines(Socket socket, String owner, int capacity) {
    this.socket = socket;
    this.owner = owner;
    this.capacity = capacity;
    this.reader = new Thread(this::readAll, "millrace-socket-source " + socket.getRemoteSocketAddress());
    reader.setDaemon(true);
    reader.start();
  }

  private void readAll() {
    try (BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8))) {
      String text;
      while ((text = in.readLine()) != null) {
        add(new Line(text, micros(Instant.now())));
      }
      synchronized (this) {
        ended = true;
      }
      LOG.log(System.Logger.Level.INFO, owner + ": the server closed the connection after " + received()
          + " lines; no more rows will come");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException e) {
      if (!closing) {
        LOG.log(System.Logger.Level.WARNING, owner + ": reading from the server failed after " + received() + " lines: " + e);
        synchronized (this) {
          failure = e;
        }
      }
    }
  }

  private synchronized void add(Line line) throws InterruptedException {
    while (lines.size() >= capacity && !closing) {
      wait();
    }
    lines.add(line);
    received++;
  }

  /** Numbers the next line not yet dropped {@code base} (a restart resumes at the committed offset). */
  synchronized void numberFrom(long base) {
    first = base;
  }

  /** The number after the last line received. */
  synchronized long end() {
    return first + lines.size();
  }

  synchronized long received() {
    return received;
  }

  synchronized int buffered() {
    return lines.size();
  }

  /** Whether the server ended the connection, so no line will come. */
  synchronized boolean ended() {
    return ended;
  }

  /** Why reading stopped, when it failed; null otherwise. */
  synchronized IOException failure() {
    return failure;
  }

  /** Lines {@code from} to {@code until - 1}, all still held. */
  synchronized List<Line> range(long from, long until) {
    if (from < first) {
      throw new IllegalStateException(owner + " cannot read lines " + from + ".." + (until - 1) + " again: lines before "
          + first + " were dropped when their batch committed (the socket source cannot replay)");
    }
    if (until > end()) {
      throw new IllegalStateException(owner + " has not received line " + (until - 1) + " (it has lines up to "
          + (end() - 1) + ")");
    }
    return List.copyOf(lines.subList((int) (from - first), (int) (until - first)));
  }

  /** Forgets the lines before {@code offset}; they were written. */
  synchronized void dropBefore(long offset) {
    int count = (int) Math.min(Math.max(0, offset - first), lines.size());
    if (count > 0) {
      lines.subList(0, count).clear();
      first += count;
      notifyAll();
    }
  }

  @Override
  public void close() throws IOException {
    closing = true;
    synchronized (this) {
      notifyAll();
    }
    try {
      socket.close();
    } catch (SocketException ignored) {
      // closed already
    }
    try {
      reader.join(10_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  static long micros(Instant t) {
    return t.getEpochSecond() * 1_000_000 + t.getNano() / 1_000;
  }
}
