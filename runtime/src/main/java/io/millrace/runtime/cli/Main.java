package io.millrace.runtime.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code millrace} command. */
@Command(
    name = "millrace",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Millrace: a micro-batch stream processing engine.",
    footer = {"", "Also: millrace tck --plugin-jar JAR [--plugin-jar TEST-JAR] [--config FILE] [--report-dir DIR]",
        "  [--allow-unchecked] runs the contract suites (TCK) on a plugin jar; see tck/README.md."},
    subcommands = {RunCommand.class, PluginsCommand.class, FunctionsCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    System.exit(execute(args));
  }

  /**
   * Runs the command line and returns the exit code: 0 done, 1 the query failed, 2 bad input (for
   * {@code plugins}: a plugin that cannot be loaded, listed with the others). A run that Ctrl-C
   * or SIGTERM stops ends with the JVM's 128 + the signal's number (130, 143) once
   * {@link StopOnSignal} has stopped the query.
   */
  public static int execute(String... args) {
    return new CommandLine(new Main())
        .setExecutionExceptionHandler(new ErrorHandler())
        .execute(args);
  }

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
