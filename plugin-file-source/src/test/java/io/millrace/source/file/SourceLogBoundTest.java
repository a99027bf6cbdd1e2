package io.millrace.source.file;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.InputPartition;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.PartitionReader;
import io.millrace.spi.source.Source;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The source log stays bounded (issue 14, item 8): 10,000 batches of 10 files, driven through the
 * calls the engine makes (latestOffset, planInputPartitions, reading, commit), on a storage in
 * memory so it runs in seconds. Files arrive one second apart per batch with maxFileAge 5 minutes,
 * so about 3,000 files are young enough to be remembered at any time; the input directory is
 * cleaned ({@code cleanSource=delete}) as a long-running directory would be.
 *
 * <p>Before, each compaction rewrote every entry ever written and nothing was deleted: about
 * 56 MB after 1,000 batches. Now the log holds the newest entries and compact files of the files
 * still remembered, so its size stays under a bound set by {@code minBatchesToRetain},
 * {@code compactInterval} and the remembered files, and the bytes compaction writes in each
 * stretch of 1,000 batches stay flat and within a small multiple of the entries written.
 */
class SourceLogBoundTest {
  private static final int BATCHES = 10_000;
  private static final int FILES_PER_BATCH = 10;
  private static final int RETAIN = 100;
  private static final int INTERVAL = 10;
  private static final int AGE_SECONDS = 300;
  private static final URI INPUT = URI.create("mem:/input/");
  private static final URI LOG = URI.create("mem:/checkpoint/sources/0/");

  private long now = 1_800_000_000_000L;

  @Test
  void tenThousandBatchesKeepTheLogBoundedAndCompactionFlat() throws Exception {
    MemoryStorage storage = new MemoryStorage(() -> now);
    storage.mkdirs(INPUT);
    Source source = new FileSourceProvider().create(new TestContext(Map.of("path", INPUT.toString(),
        "maxFileAge", AGE_SECONDS + " seconds", "cleanSource", "delete", "compactInterval", Integer.toString(INTERVAL)),
        Optional.of(Schema.parse("id BIGINT")), LOG, uri -> storage, RETAIN));
    BitSet read = new BitSet();
    long rows = 0;
    long entryBytes = 0;
    long bound = 0;
    List<Long> compactionPerWindow = new ArrayList<>();
    List<Long> entriesPerWindow = new ArrayList<>();
    long compactedBefore = 0;
    long entriesBefore = 0;
    Offset committed = source.initialOffset();
    for (int batch = 0; batch < BATCHES; batch++) {
      now += 1_000;
      for (int i = 0; i < FILES_PER_BATCH; i++) {
        long id = (long) batch * FILES_PER_BATCH + i;
        write(storage, "part-" + batch + "-" + i + ".json", "{\"id\":" + id + "}\n");
      }
      Offset end = source.latestOffset(committed, source.defaultReadLimit());
      for (InputPartition partition : source.planInputPartitions(committed, end)) {
        try (PartitionReader reader = source.createReader(partition)) {
          while (reader.next()) {
            Row row = reader.get();
            int id = (int) (long) (Long) row.get(0);
            assertThat(read.get(id)).as("row %d read twice", id).isFalse();
            read.set(id);
            rows++;
          }
        }
      }
      source.commit(end);
      committed = end;
      if (batch == 0) {
        entryBytes = storage.bytesWritten("");
        long lineBytes = entryBytes / FILES_PER_BATCH;
        long remembered = (long) (AGE_SECONDS + 1) * FILES_PER_BATCH;
        bound = (RETAIN + 2L * INTERVAL) * entryBytes + 3 * remembered * lineBytes;
      }
      if (batch % 100 == 99) {
        assertThat(storage.sizeOf(LOG)).as("bytes in the source log after batch %d", batch).isLessThan(bound);
      }
      if (batch % 1_000 == 999) {
        compactionPerWindow.add(storage.bytesWritten(".compact") - compactedBefore);
        entriesPerWindow.add(storage.bytesWritten("") - entriesBefore);
        compactedBefore = storage.bytesWritten(".compact");
        entriesBefore = storage.bytesWritten("");
      }
    }
    System.out.printf("log %,d bytes (bound %,d; one entry %,d); compaction bytes per 1,000 batches %s; entries %s%n",
        storage.sizeOf(LOG), bound, entryBytes, compactionPerWindow, entriesPerWindow);
    assertThat(rows).isEqualTo((long) BATCHES * FILES_PER_BATCH);
    assertThat(storage.list(LOG).size()).as("files in the source log").isLessThan(RETAIN + 2 * INTERVAL + 20);
    long steady = compactionPerWindow.get(1);
    for (int w = 1; w < compactionPerWindow.size(); w++) {
      assertThat(compactionPerWindow.get(w)).as("compaction bytes in batches %d..%d", w * 1_000, w * 1_000 + 999)
          .isLessThanOrEqualTo(steady * 3 / 2)
          .isLessThanOrEqualTo(8 * entriesPerWindow.get(w));
    }
  }

  private static void write(MemoryStorage storage, String name, String text) throws Exception {
    try (var out = storage.create(INPUT.resolve(name))) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
      out.commit();
    }
  }
}
