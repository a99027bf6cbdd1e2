package io.millrace.runtime.expr;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The options of {@code from_json(text, schema, map(..))}: {@code mode} PERMISSIVE (the
 * default: a record that does not fit gives NULLs) or FAILFAST (it fails the query). Spark takes
 * many more JSON options and reads an unknown mode as PERMISSIVE; Millrace refuses both by name,
 * so an option never silently does nothing.
 */
final class FromJsonMode {
  private FromJsonMode() {}

  /** Whether the options ask for FAILFAST; refuses anything but a literal {@code map('mode', ..)}. */
  static boolean failFast(Expression options) {
    List<String> pairs = stringLiterals(options);
    boolean failFast = false;
    for (int i = 0; i < pairs.size(); i += 2) {
      String key = pairs.get(i);
      String value = pairs.get(i + 1);
      if (!key.equalsIgnoreCase("mode")) {
        throw new IllegalArgumentException("from_json option '" + key + "' is not supported; the one option is "
            + "mode (PERMISSIVE or FAILFAST)");
      }
      switch (value.toUpperCase(Locale.ROOT)) {
        case "PERMISSIVE": failFast = false; break;
        case "FAILFAST": failFast = true; break;
        case "DROPMALFORMED":
          throw new IllegalArgumentException("from_json doesn't support the DROPMALFORMED mode; the modes are "
              + "PERMISSIVE and FAILFAST (filter on the result's NULLs to drop records)");
        default:
          throw new IllegalArgumentException("from_json: unknown mode '" + value + "'; the modes are PERMISSIVE "
              + "(the default) and FAILFAST");
      }
    }
    return failFast;
  }

  private static List<String> stringLiterals(Expression options) {
    List<String> out = new ArrayList<>();
    if (options instanceof FunctionCall call && call.functionName().equals("map") && !call.args.isEmpty()) {
      for (Expression e : call.args) {
        if (!(e instanceof Literal literal) || !(literal.value() instanceof String text)) {
          out = null;
          break;
        }
        out.add(text);
      }
      if (out != null) {
        return out;
      }
    }
    throw new IllegalArgumentException("from_json needs its options as a map of string literals, such as "
        + "map('mode', 'FAILFAST'), but got " + options);
  }
}
