package io.millrace.runtime.plan;

import java.util.List;
import java.util.function.Function;

/**
 * Prints a plan tree as Spark does: the root first, each child under its parent after
 * {@code +- } (the last child) or {@code :- } (the others), so a union's inputs read as
 * branches.
 */
public final class PlanText {
  private PlanText() {}

  public static <N> void append(StringBuilder out, N node, String prefix, boolean last,
      Function<N, List<? extends N>> children, Function<N, String> line) {
    out.append(line.apply(node)).append('\n');
    List<? extends N> kids = children.apply(node);
    for (int i = 0; i < kids.size(); i++) {
      boolean lastKid = i == kids.size() - 1;
      out.append(prefix).append(lastKid ? "+- " : ":- ");
      append(out, kids.get(i), prefix + (lastKid ? "   " : ":  "), lastKid, children, line);
    }
  }

  /** {@code root} and everything under it. */
  public static <N> String of(N root, Function<N, List<? extends N>> children, Function<N, String> line) {
    StringBuilder out = new StringBuilder();
    append(out, root, "", true, children, line);
    return out.toString();
  }
}
