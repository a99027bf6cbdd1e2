package io.millrace.runtime.cli;

import io.millrace.api.StreamingQueryException;
import io.millrace.spi.MillraceException;
import picocli.CommandLine;

/**
 * Turns failures into one clear line on stderr and an exit code: 1 when a running query
 * failed, 2 when the input (job file, option, plugin name, checkpoint) is at fault. Set
 * {@code MILLRACE_STACKTRACE=1} for the stack trace.
 */
final class ErrorHandler implements CommandLine.IExecutionExceptionHandler {
  @Override
  public int handleExecutionException(Exception e, CommandLine cmd, CommandLine.ParseResult parsed) {
    cmd.getErr().println("millrace: " + e.getMessage());
    if (System.getenv("MILLRACE_STACKTRACE") != null || !(e instanceof MillraceException)) {
      e.printStackTrace(cmd.getErr());
    }
    return e instanceof StreamingQueryException ? 1 : 2;
  }
}
