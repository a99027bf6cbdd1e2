package io.millrace.tck.source;

import io.millrace.spi.source.Offset;
import io.millrace.spi.source.ReadLimit;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceContext;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Broken on purpose: a commit keeps the newest {@code minBatchesToRetain} batches counted back
 * from the newest one the instance handed out, not from the committed one, so under a small
 * retention it forgets batches that are recorded but not committed. Under the runtime's default
 * of 100 it keeps everything a rule reads; only the suite's strictest retention shows it. Must
 * fail S11 only.
 */
public final class RetainsFromNewestSourceProvider extends ReferenceSourceProvider {

  @Override
  public String name() {
    return "tck-broken-retains-from-newest";
  }

  @Override
  public Source create(SourceContext context) {
    int retain = context.minBatchesToRetain();
    return new ForwardingSource(super.create(context)) {
      private final List<Long> ends = new ArrayList<>();

      @Override
      public Offset latestOffset(Offset start, ReadLimit limit) throws IOException {
        Offset latest = delegate.latestOffset(start, limit);
        long end = LogOffset.of(latest).next();
        if (ends.isEmpty() || ends.get(ends.size() - 1) < end) {
          ends.add(end);
        }
        return latest;
      }

      @Override
      public void commit(Offset end) throws IOException {
        int beforeKept = ends.size() - 1 - retain;
        long trimTo = beforeKept >= 0 ? Math.max(ends.get(beforeKept), LogOffset.of(end).next()) : LogOffset.of(end).next();
        delegate.commit(new LogOffset(trimTo));
      }
    };
  }
}
