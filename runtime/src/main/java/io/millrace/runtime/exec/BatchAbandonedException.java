package io.millrace.runtime.exec;

/**
 * A stop came while a batch was still reading its sources: the batch ends there, uncommitted,
 * and the next start runs it again from its {@code offsets/N} entry, as after a crash. So a
 * query that has fallen far behind stops at once instead of after its largest batch.
 */
final class BatchAbandonedException extends RuntimeException {
  BatchAbandonedException(long batchId) {
    super("batch " + batchId + " abandoned by a stop; it runs again at the next start", null, false, false);
  }
}
