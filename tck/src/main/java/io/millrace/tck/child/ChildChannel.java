package io.millrace.tck.child;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * The child's side of the line protocol with its rule: lines it sends go to its standard
 * output with a prefix (so a plugin's own output cannot be mistaken for them), lines it receives
 * come from its standard input.
 */
public final class ChildChannel {
  static final String PREFIX = "@tck ";

  private final PrintStream out;
  private final BufferedReader in;

  ChildChannel(PrintStream out) {
    this.out = out;
    this.in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
  }

  /** Sends one line (no line breaks) to the rule. */
  public void send(String line) {
    if (line.contains("\n") || line.contains("\r")) {
      throw new IllegalArgumentException("a protocol line cannot hold a line break: " + line);
    }
    out.println(PREFIX + line);
    out.flush();
  }

  /** Waits for the next line from the rule; null if the rule closed the channel. */
  public String receive() throws IOException {
    return in.readLine();
  }
}
