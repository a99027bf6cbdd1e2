package io.millrace.tck.source;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.SourceProvider;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The reference source's kit as a jar lists it for the runner: public, with a no-argument
 * constructor, in {@code META-INF/services/io.millrace.tck.source.SourceKit}.
 */
public final class ListedReferenceSourceKit implements SourceKit {
  private final ReferenceSourceKit kit = new ReferenceSourceKit(new ReferenceSourceProvider());

  @Override
  public SourceProvider provider() {
    return kit.provider();
  }

  @Override
  public Map<String, String> options() {
    return kit.options();
  }

  @Override
  public Optional<Schema> userSchema() {
    return kit.userSchema();
  }

  @Override
  public List<Row> append(int count) {
    return kit.append(count);
  }

  @Override
  public void close() throws IOException {
    kit.close();
  }
}
