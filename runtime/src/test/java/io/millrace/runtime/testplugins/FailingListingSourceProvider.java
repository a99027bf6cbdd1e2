package io.millrace.runtime.testplugins;

import io.millrace.spi.Spi;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.InputPartition;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.PartitionReader;
import io.millrace.spi.source.ReadLimit;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceCapability;
import io.millrace.spi.source.SourceContext;
import io.millrace.spi.source.SourceProvider;
import java.io.IOException;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Source {@code failing-listing}: replayable and available-now, but fixing the data available
 * at start fails, as a directory listing that fails would. For the failed-start tests.
 */
public final class FailingListingSourceProvider implements SourceProvider {
  @Override
  public String name() {
    return "failing-listing";
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  @Override
  public Source create(SourceContext context) {
    return new Source() {
      @Override
      public Schema schema() {
        return Schema.parse("key STRING");
      }

      @Override
      public Set<SourceCapability> capabilities() {
        return EnumSet.of(SourceCapability.REPLAYABLE, SourceCapability.AVAILABLE_NOW);
      }

      @Override
      public Offset initialOffset() {
        return () -> "0";
      }

      @Override
      public Offset deserializeOffset(String json) {
        return () -> json;
      }

      @Override
      public Offset latestOffset(Offset start, ReadLimit limit) {
        return start;
      }

      @Override
      public void prepareForAvailableNow() throws IOException {
        throw new IOException("listing failed");
      }

      @Override
      public List<InputPartition> planInputPartitions(Offset start, Offset end) {
        return List.of();
      }

      @Override
      public PartitionReader createReader(InputPartition partition) {
        throw new UnsupportedOperationException("failing-listing has no partitions");
      }
    };
  }
}
