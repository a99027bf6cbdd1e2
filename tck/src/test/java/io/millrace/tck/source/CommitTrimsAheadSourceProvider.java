package io.millrace.tck.source;

import io.millrace.spi.source.Offset;
import io.millrace.spi.source.ReadLimit;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceContext;
import java.io.IOException;

/**
 * Broken on purpose: {@code commit(end)} trims the log up to the newest offset the instance has
 * handed out rather than up to {@code end}, taking with it batches that are recorded but not
 * committed, which a restart must replay. Must fail S11 only.
 */
public final class CommitTrimsAheadSourceProvider extends ReferenceSourceProvider {

  @Override
  public String name() {
    return "tck-broken-commit-trims-ahead";
  }

  @Override
  public Source create(SourceContext context) {
    return new ForwardingSource(super.create(context)) {
      private long newest;

      @Override
      public Offset latestOffset(Offset start, ReadLimit limit) throws IOException {
        Offset latest = delegate.latestOffset(start, limit);
        newest = Math.max(newest, LogOffset.of(latest).next());
        return latest;
      }

      @Override
      public void commit(Offset end) throws IOException {
        delegate.commit(new LogOffset(Math.max(newest, LogOffset.of(end).next())));
      }
    };
  }
}
