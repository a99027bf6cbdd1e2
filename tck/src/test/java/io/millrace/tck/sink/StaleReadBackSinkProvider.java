package io.millrace.tck.sink;

import io.millrace.spi.data.Row;
import io.millrace.spi.sink.SinkContext;
import java.io.IOException;
import java.util.List;

/**
 * Broken on purpose: writes like the reference sink, but its read-back leaves out the last row
 * held, as a reader of a stale listing or an old table version would. Must fail K08 only.
 */
public final class StaleReadBackSinkProvider extends ReferenceSinkProvider {

  @Override
  public String name() {
    return "tck-broken-stale-read-back";
  }

  @Override
  public List<Row> readBack(SinkContext context, int maxRows) throws IOException {
    List<Row> rows = super.readBack(context, Integer.MAX_VALUE);
    List<Row> stale = rows.isEmpty() ? rows : rows.subList(0, rows.size() - 1);
    return stale.subList(0, Math.min(maxRows, stale.size()));
  }
}
