package io.millrace.runtime.job;

import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ${NAME}} and {@code ${NAME:-default}} in a job file's values, replaced by the
 * environment variable {@code NAME}: what differs between machines (a broker's address, a
 * bucket) stays out of the file, as in Docker Compose and Kafka Connect configs. {@code $${}
 * writes a literal {@code ${}. A variable that is not set and has no default is an error naming
 * it, never an empty value.
 */
final class EnvironmentReferences {
  private static final Pattern REFERENCE = Pattern.compile("\\$\\$\\{|\\$\\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?}");

  private final UnaryOperator<String> environment;

  EnvironmentReferences(UnaryOperator<String> environment) {
    this.environment = environment;
  }

  /** {@code text} with each reference replaced; {@code where} names the value for an error. */
  String resolve(String text, String where) {
    if (text.indexOf('$') < 0) {
      return text;
    }
    Matcher m = REFERENCE.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String replacement;
      if (m.group().equals("$${")) {
        replacement = "${";
      } else {
        String value = environment.apply(m.group(1));
        if (value == null && m.group(2) == null) {
          throw new IllegalArgumentException(where + ": environment variable " + m.group(1) + " is not set (write ${"
              + m.group(1) + ":-value} to give a default)");
        }
        replacement = value != null ? value : m.group(2);
      }
      m.appendReplacement(out, Matcher.quoteReplacement(replacement));
    }
    m.appendTail(out);
    return out.toString();
  }
}
