package io.millrace.kafka.sink;

import io.millrace.spi.data.Row;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.TaskWriter;
import io.millrace.spi.sink.WriterCommitMessage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Writes a batch as the engine does: its rows split in order over {@code tasks} task writers, then one commit. */
final class SinkTasks {
  private SinkTasks() {}

  static void write(Sink sink, long batchId, List<Row> rows, int tasks) throws IOException {
    List<WriterCommitMessage> messages = new ArrayList<>();
    int from = 0;
    for (int task = 0; task < tasks; task++) {
      int size = rows.size() / tasks + (task < rows.size() % tasks ? 1 : 0);
      try (TaskWriter writer = sink.createWriter(task, batchId)) {
        for (Row row : rows.subList(from, from + size)) {
          writer.write(row);
        }
        messages.add(writer.commit());
      }
      from += size;
    }
    sink.commit(batchId, messages);
  }
}
