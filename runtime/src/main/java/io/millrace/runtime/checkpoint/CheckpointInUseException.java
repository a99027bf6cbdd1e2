package io.millrace.runtime.checkpoint;

import io.millrace.spi.MillraceException;

/** A second query tried to run on a checkpoint that a running query holds. */
public class CheckpointInUseException extends MillraceException {
  private static final long serialVersionUID = 1L;

  public CheckpointInUseException(String message) {
    super(message);
  }
}
