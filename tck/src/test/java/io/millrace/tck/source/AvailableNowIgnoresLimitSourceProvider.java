package io.millrace.tck.source;

import io.millrace.spi.source.Offset;
import io.millrace.spi.source.ReadLimit;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceContext;
import java.io.IOException;

/**
 * Broken on purpose: once prepared for available-now it hands out everything that was there in
 * one batch, whatever limit it is given; without available-now it honours limits. Must fail S13
 * only.
 */
public final class AvailableNowIgnoresLimitSourceProvider extends ReferenceSourceProvider {

  @Override
  public String name() {
    return "tck-broken-available-now-ignores-limit";
  }

  @Override
  public Source create(SourceContext context) {
    return new ForwardingSource(super.create(context)) {
      private boolean availableNow;

      @Override
      public void prepareForAvailableNow() throws IOException {
        delegate.prepareForAvailableNow();
        availableNow = true;
      }

      @Override
      public Offset latestOffset(Offset start, ReadLimit limit) throws IOException {
        return delegate.latestOffset(start, availableNow ? ReadLimit.allAvailable() : limit);
      }
    };
  }
}
