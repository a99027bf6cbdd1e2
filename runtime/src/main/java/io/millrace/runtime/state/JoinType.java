package io.millrace.runtime.state;

import io.millrace.api.AnalysisException;
import java.util.Locale;

/** The join types a stream-stream join runs, by Spark's names and spellings. */
public enum JoinType {
  INNER("inner"),
  LEFT_OUTER("leftOuter"),
  RIGHT_OUTER("rightOuter"),
  FULL_OUTER("fullOuter"),
  LEFT_SEMI("leftSemi");

  private final String spelling;

  JoinType(String spelling) {
    this.spelling = spelling;
  }

  /** Spark's {@code JoinType(typ)}: case and underscores do not matter. */
  public static JoinType parse(String name) {
    String n = name.toLowerCase(Locale.ROOT).replace("_", "");
    switch (n) {
      case "inner": return INNER;
      case "outer": case "full": case "fullouter": return FULL_OUTER;
      case "leftouter": case "left": return LEFT_OUTER;
      case "rightouter": case "right": return RIGHT_OUTER;
      case "leftsemi": case "semi": return LEFT_SEMI;
      case "leftanti": case "anti": case "cross":
        throw new AnalysisException("join type '" + name + "' is not supported between two streams (Spark does not run it"
            + " either); supported: inner, leftOuter, rightOuter, fullOuter, leftSemi");
      default:
        throw new AnalysisException("unknown join type '" + name + "'; supported: inner, leftOuter, rightOuter,"
            + " fullOuter, leftSemi (also spelled left_outer, left, right_outer, right, full_outer, full, outer,"
            + " left_semi, semi)");
    }
  }

  /** Whether left rows that never matched are emitted with nulls for the right side. */
  public boolean emitsUnmatchedLeft() {
    return this == LEFT_OUTER || this == FULL_OUTER;
  }

  public boolean emitsUnmatchedRight() {
    return this == RIGHT_OUTER || this == FULL_OUTER;
  }

  @Override
  public String toString() {
    return spelling;
  }
}
