package io.millrace.runtime.state;

/**
 * An exception thrown by a {@code [flat]MapGroupsWithState} function (or its output iterator),
 * wrapped as Spark 4.0.1 wraps it ({@code FLATMAPGROUPSWITHSTATE_USER_FUNCTION_ERROR}, whose text
 * says flatMapGroupsWithState for both), naming the function; the cause is the original.
 */
public final class GroupsWithStateFunctionException extends RuntimeException {
  GroupsWithStateFunctionException(String function, Throwable cause) {
    super("[FLATMAPGROUPSWITHSTATE_USER_FUNCTION_ERROR] An error occurred in the user provided function in"
        + " flatMapGroupsWithState. Reason: " + (cause.getMessage() == null ? "" : cause.getMessage()) + " (function "
        + function + ", " + cause.getClass().getName() + ")", cause);
  }
}
