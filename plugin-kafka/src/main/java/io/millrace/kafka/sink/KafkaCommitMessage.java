package io.millrace.kafka.sink;

import io.millrace.spi.sink.WriterCommitMessage;

/**
 * What a task hands {@code Sink.commit}: which open transaction it wrote into (the sink
 * instance's {@code run} and its {@code transaction} serial), so that a commit refuses rows it
 * does not hold, and the task's counts for the metrics. Plain values: the runtime may pass a copy.
 */
record KafkaCommitMessage(String transactionalId, String run, long transaction, long batchId, int task, long records,
    long bytes) implements WriterCommitMessage {
  private static final long serialVersionUID = 1L;
}
