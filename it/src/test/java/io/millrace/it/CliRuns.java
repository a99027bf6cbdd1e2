package io.millrace.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.runtime.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** The CLI run as a user runs it, in this JVM: what it printed, and the table `--show` printed. */
final class CliRuns {
  private CliRuns() {}

  /** Runs {@code millrace ARGS}, requires exit code 0, and returns what it printed. */
  static String run(String... args) {
    PrintStream oldOut = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int code;
    try {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      code = Main.execute(args);
    } finally {
      System.setOut(oldOut);
    }
    String text = out.toString(StandardCharsets.UTF_8);
    assertThat(code).as(text).isZero();
    return text;
  }

  /** The header and row lines of the table printed after "the sink holds". */
  static List<String> shownTable(String output) {
    String shown = output.substring(output.indexOf("the sink holds"));
    return shown.lines().filter(l -> l.startsWith("|")).toList();
  }
}
