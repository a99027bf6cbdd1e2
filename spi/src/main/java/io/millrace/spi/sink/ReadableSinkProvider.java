package io.millrace.spi.sink;

import io.millrace.spi.data.Row;
import java.io.IOException;
import java.util.List;

/**
 * A sink provider that can read back what its sinks durably hold, independently of any sink
 * instance: a fresh client, a file listing, a query against the table. Tools use it to show a
 * query's result ({@code millrace run --show}); the TCK checks it against the kit's own
 * read-back, so what it returns is what a reader of the external system would see.
 */
public interface ReadableSinkProvider extends SinkProvider {

  /**
   * Up to {@code maxRows} of the rows a sink created with {@code context} has made durable,
   * as rows of {@code context.schema()}, in the order the external system gives them. Empty
   * when nothing was written yet. Reads only; never creates the table or directory.
   *
   * @throws IOException if the external system cannot be read; the message names the
   *     table, path or topic
   */
  List<Row> readBack(SinkContext context, int maxRows) throws IOException;
}
