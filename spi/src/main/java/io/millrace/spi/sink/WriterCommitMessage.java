package io.millrace.spi.sink;

import java.io.Serializable;

/**
 * What one task's {@link TaskWriter#commit()} hands back for {@link Sink#commit}: typically the
 * files or staged records the task wrote, not yet visible. It is serializable because the task
 * may run in another process than the one that commits the batch; the runtime may hand
 * {@code commit} a copy, never the instance the writer returned.
 */
public interface WriterCommitMessage extends Serializable {}
