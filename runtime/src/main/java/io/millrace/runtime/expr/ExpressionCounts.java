package io.millrace.runtime.expr;

/** The counts expressions keep through {@link EvalContext#count}, and what each means. */
public final class ExpressionCounts {
  /** Records {@code from_json} could not parse and, in PERMISSIVE mode, read as NULLs. */
  public static final String MALFORMED_FROM_JSON = "numMalformedFromJsonRecords";

  private ExpressionCounts() {}

  /** What a count of {@code metric} means, for the log line that first reports it. */
  public static String explain(String metric) {
    if (metric.equals(MALFORMED_FROM_JSON)) {
      return "records from_json could not parse became NULLs, as in Spark's PERMISSIVE mode;"
          + " map('mode', 'FAILFAST') fails the query instead";
    }
    return "";
  }
}
