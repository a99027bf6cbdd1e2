package io.millrace.runtime.testplugins;

import io.millrace.spi.Spi;
import io.millrace.spi.data.Row;
import io.millrace.spi.sink.DeliveryGuarantee;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.SinkContext;
import io.millrace.spi.sink.SinkProvider;
import io.millrace.spi.sink.TaskWriter;
import io.millrace.spi.sink.WriterCommitMessage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Test sink {@code task-log}: writes per task, staging each task's rows in a JVM-wide log named
 * by the option {@code log}, and records every step (task commits and aborts, batch commits and
 * aborts, writer closes) there. A log can be told to fail one task's first write, or its commit, once.
 */
public final class TaskLogSinkProvider implements SinkProvider {
  private static final Map<String, Log> LOGS = new ConcurrentHashMap<>();

  /** What the sinks of one log did. */
  public static final class Log {
    private final List<String> events = new ArrayList<>();
    private final Map<String, List<Row>> staged = new TreeMap<>();
    private final Map<Long, List<Row>> committed = new TreeMap<>();
    private volatile int failPartition = -1;
    private volatile int failCommitPartition = -1;

    /** The first write of task {@code partition}, in any batch, fails once. */
    public void failOnce(int partition) {
      failPartition = partition;
    }

    /** The next commit of task {@code partition}, in any batch, fails once. */
    public void failCommitOnce(int partition) {
      failCommitPartition = partition;
    }

    /** Rows of committed tasks that no batch commit or abort has taken yet. */
    public synchronized int staged() {
      return staged.size();
    }

    public synchronized List<String> events() {
      return List.copyOf(events);
    }

    public synchronized Map<Long, List<Row>> committed() {
      return Map.copyOf(committed);
    }

    synchronized void event(String e) {
      events.add(e);
    }
  }

  /** A task's staged rows. */
  record Staged(int partition, String id) implements WriterCommitMessage {}

  public static Log log(String name) {
    return LOGS.computeIfAbsent(name, n -> new Log());
  }

  @Override
  public String name() {
    return "task-log";
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  @Override
  public Sink create(SinkContext context) {
    Log log = log(context.options().require("log"));
    return new Sink() {
      @Override
      public DeliveryGuarantee guarantee() {
        return DeliveryGuarantee.EXACTLY_ONCE;
      }

      @Override
      public boolean writesPerTask() {
        return true;
      }

      @Override
      public TaskWriter createWriter(int partition, long batchId) {
        log.event("task " + partition + " created");
        return new TaskWriter() {
          private final List<Row> rows = new ArrayList<>();

          @Override
          public void write(Row row) throws IOException {
            if (log.failPartition == partition) {
              log.failPartition = -1;
              throw new IOException("task " + partition + " of batch " + batchId + ": disk full");
            }
            rows.add(row);
          }

          @Override
          public WriterCommitMessage commit() throws IOException {
            if (log.failCommitPartition == partition) {
              log.failCommitPartition = -1;
              throw new IOException("task " + partition + " of batch " + batchId + ": commit refused");
            }
            String id = UUID.randomUUID().toString();
            synchronized (log) {
              log.staged.put(id, rows);
            }
            return new Staged(partition, id);
          }

          @Override
          public void abort() {
            log.event("task " + partition + " aborted");
          }

          @Override
          public void close() {
            log.event("task " + partition + " closed");
          }
        };
      }

      @Override
      public void commit(long batchId, List<WriterCommitMessage> messages) {
        synchronized (log) {
          List<Row> rows = new ArrayList<>();
          messages.forEach(m -> rows.addAll(log.staged.remove(((Staged) m).id())));
          log.committed.putIfAbsent(batchId, rows);
          log.event("commit " + batchId + " tasks=" + partitions(messages));
        }
      }

      @Override
      public void abort(long batchId, List<WriterCommitMessage> messages) {
        synchronized (log) {
          messages.forEach(m -> log.staged.remove(((Staged) m).id()));
          log.event("abort " + batchId + " tasks=" + partitions(messages));
        }
      }
    };
  }

  private static List<Integer> partitions(List<WriterCommitMessage> messages) {
    return messages.stream().map(m -> ((Staged) m).partition()).toList();
  }
}
