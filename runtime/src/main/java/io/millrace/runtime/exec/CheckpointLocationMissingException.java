package io.millrace.runtime.exec;

import io.millrace.api.AnalysisException;

/**
 * A query has no checkpoint location and its sink may not run on a temporary one; the
 * message names the sink and the ways to give it one.
 */
public final class CheckpointLocationMissingException extends AnalysisException {
  private static final long serialVersionUID = 1L;

  CheckpointLocationMissingException(String message) {
    super(message);
  }
}
