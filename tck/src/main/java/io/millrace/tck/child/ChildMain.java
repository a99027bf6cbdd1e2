package io.millrace.tck.child;

import java.io.ObjectInputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The main class of a child JVM: reads the {@link ChildTask} its rule wrote to the file named
 * by the first argument and runs it. Exit codes: 0 the task returned, 1 it threw (the stack
 * trace goes to standard error), 137 a {@code CrashAt.haltAt} halted it.
 */
public final class ChildMain {
  private ChildMain() {}

  public static void main(String[] args) {
    // Plugins that print to standard output must not interleave with the protocol lines.
    PrintStream protocol = System.out;
    System.setOut(System.err);
    try {
      ChildTask task;
      try (ObjectInputStream in = new ObjectInputStream(Files.newInputStream(Path.of(args[0])))) {
        task = (ChildTask) in.readObject();
      }
      task.run(new ChildChannel(protocol));
    } catch (Throwable t) {
      t.printStackTrace();
      System.exit(1);
    }
    protocol.flush();
    System.exit(0);
  }
}
