package io.millrace.tck.runner;

/**
 * One rule's outcome for one plugin.
 *
 * @param plugin the plugin, e.g. {@code storage 'local'}
 * @param ruleId e.g. {@code F01}
 * @param rule the rule's text
 * @param status PASSED, FAILED or SKIPPED
 * @param detail the failure message or the skip reason; empty when passed
 */
public record RuleResult(String plugin, String ruleId, String rule, Status status, String detail) {

  /** How a rule ended. */
  public enum Status { PASSED, FAILED, SKIPPED }

  /** Splits a display name such as {@code "F01 create-if-absent is atomic"} into id and text. */
  static String[] split(String displayName) {
    int space = displayName.indexOf(' ');
    if (space > 0 && displayName.substring(0, space).matches("[A-Z]\\d{2,}")) {
      return new String[] {displayName.substring(0, space), displayName.substring(space + 1)};
    }
    return new String[] {"-", displayName};
  }
}
