package io.millrace.tck.source;

import io.millrace.spi.source.Offset;
import io.millrace.spi.source.ReadLimit;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceContext;
import java.io.IOException;

/**
 * Broken on purpose: under available-now it plans at most 100 batches (a safety cap) and then
 * reports nothing new, so data beyond what 100 limited batches take is never read. Must fail S14
 * only.
 */
public final class AvailableNowCappedSourceProvider extends ReferenceSourceProvider {
  static final int CAP = 100;

  @Override
  public String name() {
    return "tck-broken-available-now-capped";
  }

  @Override
  public Source create(SourceContext context) {
    return new ForwardingSource(super.create(context)) {
      private boolean availableNow;
      private int batches;

      @Override
      public void prepareForAvailableNow() throws IOException {
        delegate.prepareForAvailableNow();
        availableNow = true;
      }

      @Override
      public Offset latestOffset(Offset start, ReadLimit limit) throws IOException {
        if (availableNow && batches >= CAP) {
          return start;
        }
        Offset latest = delegate.latestOffset(start, limit);
        if (availableNow && !latest.json().equals(start.json())) {
          batches++;
        }
        return latest;
      }
    };
  }
}
