package io.millrace.runtime.exec;

import io.millrace.runtime.checkpoint.Checkpoint;
import io.millrace.runtime.checkpoint.CommitEntry;
import io.millrace.runtime.checkpoint.OffsetSeq;
import io.millrace.spi.MillraceException;
import java.io.IOException;
import java.util.NavigableSet;
import java.util.Optional;

/**
 * Where a run starts, read from the checkpoint's logs: the latest {@code offsets/L} and
 * {@code commits/C}. With {@code C == L} the next batch is {@code L+1}; with no commit for
 * {@code L}, batch {@code L} is run again with exactly the offsets, watermark and timestamp
 * recorded for it.
 *
 * @param lastOffsets the latest write-ahead record, if any
 * @param lastOffsetsId its batch id
 * @param previousOffsets the record before it, where batch {@code lastOffsetsId} starts when replayed
 * @param committed whether the latest batch was committed
 * @param lastCommit its commit entry, when committed
 */
record RestartPoint(
    Optional<OffsetSeq> lastOffsets,
    long lastOffsetsId,
    Optional<OffsetSeq> previousOffsets,
    boolean committed,
    Optional<CommitEntry> lastCommit) {

  static RestartPoint read(Checkpoint checkpoint) throws IOException {
    NavigableSet<Long> offsetIds = checkpoint.offsetsIds();
    NavigableSet<Long> commitIds = checkpoint.commitIds();
    if (offsetIds.isEmpty()) {
      if (!commitIds.isEmpty()) {
        throw new MillraceException("checkpoint " + checkpoint.root() + " is damaged: "
            + checkpoint.commitPath(commitIds.last()) + " exists but offsets/ is empty");
      }
      return new RestartPoint(Optional.empty(), -1, Optional.empty(), true, Optional.empty());
    }
    long l = offsetIds.last();
    if (!commitIds.isEmpty() && commitIds.last() > l) {
      throw new MillraceException("checkpoint " + checkpoint.root() + " is damaged: "
          + checkpoint.commitPath(commitIds.last()) + " is newer than the latest offsets file "
          + checkpoint.offsetsPath(l));
    }
    checkRetainedLogs(checkpoint, offsetIds, commitIds);
    OffsetSeq last = checkpoint.offsets(l).orElseThrow(() -> new MillraceException(
        checkpoint.offsetsPath(l) + " disappeared while the checkpoint was being read"));
    if (commitIds.contains(l)) {
      CommitEntry commit = checkpoint.commit(l).orElseThrow();
      return new RestartPoint(Optional.of(last), l, Optional.empty(), true, Optional.of(commit));
    }
    Optional<OffsetSeq> previous = Optional.empty();
    if (l > 0) {
      previous = Optional.of(checkpoint.offsets(l - 1).orElseThrow(() -> new MillraceException(
          "cannot run batch " + l + " again: " + checkpoint.offsetsPath(l - 1)
              + ", where it starts, is missing from checkpoint " + checkpoint.root())));
    }
    return new RestartPoint(Optional.of(last), l, previous, false, Optional.empty());
  }

  /**
   * Every batch from the oldest retained {@code offsets/} entry to the latest has its entry,
   * and every one but the latest its {@code commits/} entry: batch K+1 is written only after
   * commits/K, and retention deletes offsets before commits, each from the oldest up (see
   * {@link Checkpoint#purgeBefore}), so a purge cut short leaves at most commits below the
   * oldest offsets. Anything else missing was lost, and running on would skip or repeat
   * output without a word.
   */
  private static void checkRetainedLogs(Checkpoint checkpoint, NavigableSet<Long> offsetIds,
      NavigableSet<Long> commitIds) {
    long first = offsetIds.first();
    long l = offsetIds.last();
    for (long k = first; k <= l; k++) {
      if (!offsetIds.contains(k)) {
        throw new MillraceException("checkpoint " + checkpoint.root() + " is damaged: " + checkpoint.offsetsPath(k)
            + " is missing, but the offsets log holds " + checkpoint.offsetsPath(first) + " to "
            + checkpoint.offsetsPath(l) + "; restore the file or give the query a new checkpointLocation");
      }
      if (k < l && !commitIds.contains(k)) {
        throw new MillraceException("checkpoint " + checkpoint.root() + " is damaged: " + checkpoint.commitPath(k)
            + " is missing, but batch " + k + " is below the latest batch " + l + " (" + checkpoint.offsetsPath(l)
            + ") and must have committed before it ran; whether its output was written cannot be known. "
            + "Restore the file or give the query a new checkpointLocation");
      }
    }
  }

  boolean fresh() {
    return lastOffsets.isEmpty();
  }
}
