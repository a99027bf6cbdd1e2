package io.millrace.runtime.plan;

import java.util.List;

/** Checks shared by the plan trees' nodes. */
final class Nodes {
  private Nodes() {}

  static void requireArity(Object node, List<?> children, int arity) {
    if (children.size() != arity) {
      throw new IllegalArgumentException(node.getClass().getSimpleName() + " takes " + arity + " child(ren), got "
          + children.size());
    }
  }
}
