package io.millrace.runtime.expr;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The JSONPath subset Spark's {@code get_json_object} reads: {@code $} then any of
 * {@code .name}, {@code ['name']}, {@code [n]} and {@code [*]} (every element, gathered into an
 * array). Anything else is no path, and the function gives NULL, as Spark's does.
 */
final class JsonPath {
  /** The step {@code [*]}. */
  static final Object EVERY = new Object();

  private JsonPath() {}

  /** The steps: field names (String), indexes (Integer) and {@link #EVERY}; null when {@code path} is not one. */
  static List<Object> parse(String path) {
    if (!path.startsWith("$")) {
      return null;
    }
    List<Object> steps = new ArrayList<>();
    int i = 1;
    while (i < path.length()) {
      char c = path.charAt(i);
      if (c == '.') {
        int end = i + 1;
        while (end < path.length() && path.charAt(end) != '.' && path.charAt(end) != '[') {
          end++;
        }
        if (end == i + 1) {
          return null;
        }
        steps.add(path.substring(i + 1, end));
        i = end;
      } else if (c == '[') {
        int close = path.indexOf(']', i);
        if (close < 0) {
          return null;
        }
        String inside = path.substring(i + 1, close).trim();
        if (inside.equals("*")) {
          steps.add(EVERY);
        } else if (inside.length() >= 2 && inside.startsWith("'") && inside.endsWith("'")) {
          steps.add(inside.substring(1, inside.length() - 1));
        } else {
          try {
            steps.add(Integer.parseInt(inside));
          } catch (NumberFormatException e) {
            return null;
          }
        }
        i = close + 1;
      } else {
        return null;
      }
    }
    return steps;
  }

  /** What the steps reach from {@code node}, or null. */
  static JsonNode find(JsonNode node, List<Object> steps) {
    return find(node, steps, 0);
  }

  private static JsonNode find(JsonNode node, List<Object> steps, int from) {
    JsonNode at = node;
    for (int s = from; s < steps.size(); s++) {
      if (at == null) {
        return null;
      }
      Object step = steps.get(s);
      if (step == EVERY) {
        if (!at.isArray()) {
          return null;
        }
        ArrayNode out = JsonFunctions.MAPPER.createArrayNode();
        for (JsonNode e : at) {
          JsonNode found = find(e, steps, s + 1);
          if (found != null && !found.isMissingNode()) {
            out.add(found);
          }
        }
        return out.isEmpty() ? null : out.size() == 1 ? out.get(0) : out;
      }
      at = step instanceof Integer i ? (at.isArray() ? at.get(i) : null) : (at.isObject() ? at.get((String) step) : null);
    }
    return at;
  }
}
