package io.millrace.runtime.cli;

import io.millrace.runtime.expr.FunctionRegistry;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code millrace functions [pattern]}: every function SQL text and job files can call, with its
 * usage and one example, in name order; a pattern keeps the names that contain it.
 */
@Command(name = "functions", description = "List the functions expressions can call, with usage and an example; "
    + "a pattern keeps the names containing it.")
final class FunctionsCommand implements Callable<Integer> {

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Parameters(arity = "0..1", paramLabel = "PATTERN", description = "Only the functions whose name contains this.")
  String pattern;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    String part = pattern == null ? "" : pattern.toLowerCase(Locale.ROOT);
    int shown = 0;
    for (FunctionRegistry.Info f : FunctionRegistry.infos()) {
      if (f.name().contains(part)) {
        out.println(f.usage());
        out.println("    e.g. " + f.example());
        shown++;
      }
    }
    if (shown == 0) {
      out.println("no function's name contains '" + pattern + "'");
      return 1;
    }
    return 0;
  }
}
