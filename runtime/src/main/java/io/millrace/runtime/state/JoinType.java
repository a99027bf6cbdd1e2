package io.millrace.runtime.state;

import io.millrace.api.AnalysisException;
import java.util.Locale;

/** The join types a stream-stream join runs, by Spark's names and spellings. */
public enum JoinType {
  INNER("inner"),
  LEFT_OUTER("leftOuter"),
  RIGHT_OUTER("rightOuter"),
  FULL_OUTER("fullOuter"),
  LEFT_SEMI("leftSemi"),
  /** Only with a static table: a stream row that matches no table row. */
  LEFT_ANTI("leftAnti");

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
      case "leftanti": case "anti": return LEFT_ANTI;
      case "cross":
        throw new AnalysisException("join type 'cross' is not supported: give a condition (join(right, condition,"
            + " \"inner\"))");
      default:
        throw new AnalysisException("unknown join type '" + name + "'; supported: inner, leftOuter, rightOuter,"
            + " fullOuter, leftSemi, leftAnti (also spelled left_outer, left, right_outer, right, full_outer, full,"
            + " outer, left_semi, semi, left_anti, anti)");
    }
  }

  /** Whether left rows that never matched are emitted with nulls for the right side. */
  public boolean emitsUnmatchedLeft() {
    return this == LEFT_OUTER || this == FULL_OUTER;
  }

  public boolean emitsUnmatchedRight() {
    return this == RIGHT_OUTER || this == FULL_OUTER;
  }

  /** The name Spark's messages give the type: {@code LeftOuter}, {@code Inner}, ... */
  public String sparkName() {
    return Character.toUpperCase(spelling.charAt(0)) + spelling.substring(1);
  }

  @Override
  public String toString() {
    return spelling;
  }
}
