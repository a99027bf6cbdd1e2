package io.millrace.api.testing;

/** Exceptions as failure messages show them: each message with its first frames, then its causes, as Spark's StreamTest prints them. */
final class FailureText {
  private static final int FRAMES = 10;

  private FailureText() {}

  static String exception(Throwable e) {
    StringBuilder out = new StringBuilder();
    String indent = "";
    int depth = 0;
    for (Throwable t = e; t != null && depth++ < 20; t = t.getCause() == t ? null : t.getCause()) {
      out.append(t == e ? "" : "\n" + indent + "Caused by: ").append(t);
      StackTraceElement[] stack = t.getStackTrace();
      for (int i = 0; i < Math.min(stack.length, FRAMES); i++) {
        out.append('\n').append(indent).append("\tat ").append(stack[i]);
      }
      if (stack.length > FRAMES) {
        out.append('\n').append(indent).append("\t… ").append(stack.length - FRAMES).append(" more");
      }
      indent += "\t";
    }
    return out.toString();
  }
}
