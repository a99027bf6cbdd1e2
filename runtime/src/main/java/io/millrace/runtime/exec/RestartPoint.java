package io.millrace.runtime.exec;

import io.millrace.runtime.checkpoint.Checkpoint;
import io.millrace.runtime.checkpoint.CommitEntry;
import io.millrace.runtime.checkpoint.OffsetSeq;
import io.millrace.spi.MillraceException;
import java.io.IOException;
import java.util.Optional;
import java.util.OptionalLong;

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
    OptionalLong latestOffsets = checkpoint.latestOffsetsId();
    OptionalLong latestCommit = checkpoint.latestCommitId();
    if (latestOffsets.isEmpty()) {
      if (latestCommit.isPresent()) {
        throw new MillraceException("checkpoint " + checkpoint.root() + " is damaged: "
            + checkpoint.commitPath(latestCommit.getAsLong()) + " exists but offsets/ is empty");
      }
      return new RestartPoint(Optional.empty(), -1, Optional.empty(), true, Optional.empty());
    }
    long l = latestOffsets.getAsLong();
    OffsetSeq last = checkpoint.offsets(l).orElseThrow(() -> new MillraceException(
        checkpoint.offsetsPath(l) + " disappeared while the checkpoint was being read"));
    if (latestCommit.isPresent() && latestCommit.getAsLong() > l) {
      throw new MillraceException("checkpoint " + checkpoint.root() + " is damaged: "
          + checkpoint.commitPath(latestCommit.getAsLong()) + " is newer than the latest offsets file "
          + checkpoint.offsetsPath(l));
    }
    if (latestCommit.isPresent() && latestCommit.getAsLong() == l) {
      CommitEntry commit = checkpoint.commit(l).orElseThrow();
      return new RestartPoint(Optional.of(last), l, Optional.empty(), true, Optional.of(commit));
    }
    long expectedCommit = l - 1;
    if (l > 0 && (latestCommit.isEmpty() || latestCommit.getAsLong() != expectedCommit)) {
      // Batch L is written only after batch L-1 committed, so a missing commits/L-1 means files
      // were lost or deleted: running on would skip or repeat output without a word.
      throw new MillraceException("checkpoint " + checkpoint.root() + " is damaged: the latest offsets file is "
          + checkpoint.offsetsPath(l) + " but " + checkpoint.commitPath(expectedCommit) + " is missing"
          + (latestCommit.isPresent() ? " (the latest commit is " + checkpoint.commitPath(latestCommit.getAsLong()) + ")" : ""));
    }
    Optional<OffsetSeq> previous = Optional.empty();
    if (l > 0) {
      previous = Optional.of(checkpoint.offsets(l - 1).orElseThrow(() -> new MillraceException(
          "cannot run batch " + l + " again: " + checkpoint.offsetsPath(l - 1)
              + ", where it starts, is missing from checkpoint " + checkpoint.root())));
    }
    return new RestartPoint(Optional.of(last), l, previous, false, Optional.empty());
  }

  boolean fresh() {
    return lastOffsets.isEmpty();
  }
}
