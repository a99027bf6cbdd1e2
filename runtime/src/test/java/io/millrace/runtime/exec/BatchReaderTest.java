package io.millrace.runtime.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.runtime.expr.EvalContext;
import io.millrace.runtime.expr.EventTimeStats;
import io.millrace.runtime.plan.RowPipeline;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.InputPartition;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.PartitionReader;
import io.millrace.spi.source.ReadLimit;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceCapability;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BatchReaderTest {
  private static final Schema SCHEMA = Schema.of(new Field("ts", DataType.TIMESTAMP, false));

  /** Partition i holds the event times {@code i * 1000 + 0 .. i * 1000 + rows - 1}. */
  private record Slice(int index, int rows) implements InputPartition {}

  private final ExecutorService pool = Executors.newFixedThreadPool(3);

  @AfterEach
  void stop() {
    pool.shutdownNow();
  }

  @Test
  void runsAreConsecutiveAndAsEvenAsTheyCanBe() {
    List<InputPartition> ten = slices(10, 1);
    List<List<InputPartition>> runs = BatchReader.runs(ten, 4);
    assertThat(runs).extracting(List::size).containsExactly(3, 3, 2, 2);
    List<InputPartition> flattened = new ArrayList<>();
    runs.forEach(flattened::addAll);
    assertThat(flattened).isEqualTo(ten);

    assertThat(BatchReader.runs(slices(3, 1), 8)).extracting(List::size).containsExactly(1, 1, 1);
    assertThat(BatchReader.runs(slices(5, 1), 1)).extracting(List::size).containsExactly(5);
    assertThat(BatchReader.runs(slices(5, 1), 0)).extracting(List::size).containsExactly(5);
    assertThat(BatchReader.runs(List.of(), 4)).isEmpty();
  }

  @Test
  void eachTaskFeedsOneInputWithItsPartitionsRowsInOrder() throws Exception {
    LongAdder rowsRead = new LongAdder();
    BatchReader.Result<BatchReader.RowList> result = new BatchReader(pool).read(tasks(slices(10, 5), rowsRead), 4,
        EvalContext.ofBatchTimestamp(0), run -> new BatchReader.RowList());

    assertThat(result.inputs()).hasSize(4);
    assertThat(rowsRead.sum()).isEqualTo(50);
    assertThat(result.inputs().get(0).rows).extracting(r -> r.getLong(0))
        .containsExactly(0L, 1L, 2L, 3L, 4L, 1000L, 1001L, 1002L, 1003L, 1004L, 2000L, 2001L, 2002L, 2003L, 2004L);
    List<Long> all = new ArrayList<>();
    BatchReader.RowList.concat(result.inputs()).forEach(r -> all.add(r.getLong(0)));
    assertThat(all).isSorted().hasSize(50);
  }

  @Test
  void everyTasksEventTimesReachTheBatchsStats() throws Exception {
    EventTimeStats batch = new EventTimeStats();
    new BatchReader(pool).read(tasks(slices(7, 3), new LongAdder()), 3, EvalContext.ofBatch(0, batch),
        run -> new BatchReader.RowList());

    assertThat(batch.count()).isEqualTo(21);
    assertThat(batch.minMicros()).isEqualTo(0);
    assertThat(batch.maxMicros()).isEqualTo(6002);
  }

  private static List<InputPartition> slices(int count, int rows) {
    List<InputPartition> slices = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      slices.add(new Slice(i, rows));
    }
    return slices;
  }

  /** A task per slice, each with a pipeline that records event times as withWatermark's does. */
  private static List<RowTask> tasks(List<InputPartition> slices, LongAdder rowsRead) {
    RowPipeline observe = RowPipeline.of(List.of((row, context) -> {
      if (context.watermarks() > 0) {
        context.eventTimeStats(0).observe(row.getLong(0));
      }
      return row;
    }), SCHEMA, SCHEMA);
    RowPipeline none = RowPipeline.of(List.of(), SCHEMA, SCHEMA);
    List<RowTask> tasks = new ArrayList<>();
    for (InputPartition slice : slices) {
      tasks.add(new SourcePartitionTask(new Slices(), new ScanTask(null, 0, slice), null, rowsRead, () -> false).then(none).then(observe));
    }
    return tasks;
  }

  /** Reads the rows a {@link Slice} names; only what the reader uses is implemented. */
  private static final class Slices implements Source {
    @Override
    public Schema schema() {
      return SCHEMA;
    }

    @Override
    public Set<SourceCapability> capabilities() {
      return Set.of();
    }

    @Override
    public Offset initialOffset() {
      throw new UnsupportedOperationException("not used by BatchReader");
    }

    @Override
    public Offset deserializeOffset(String json) {
      throw new UnsupportedOperationException("not used by BatchReader");
    }

    @Override
    public Offset latestOffset(Offset start, ReadLimit limit) {
      throw new UnsupportedOperationException("not used by BatchReader");
    }

    @Override
    public List<InputPartition> planInputPartitions(Offset start, Offset end) {
      throw new UnsupportedOperationException("not used by BatchReader");
    }

    @Override
    public PartitionReader createReader(InputPartition partition) {
      Slice slice = (Slice) partition;
      return new PartitionReader() {
        private int next = -1;

        @Override
        public boolean next() {
          return ++next < slice.rows();
        }

        @Override
        public Row get() {
          return Row.of((long) slice.index() * 1000 + next);
        }

        @Override
        public void close() {}
      };
    }
  }
}
