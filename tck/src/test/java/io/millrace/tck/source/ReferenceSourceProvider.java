package io.millrace.tck.source;

import io.millrace.spi.Spi;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceContext;
import io.millrace.spi.source.SourceProvider;
import java.nio.file.Path;

/** The reference source: reads the {@link ReferenceLogs} log in the directory given as the option {@code log}. */
public class ReferenceSourceProvider implements SourceProvider {

  @Override
  public String name() {
    return "tck-reference";
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  @Override
  public Source create(SourceContext context) {
    return new ReferenceSource(Path.of(context.options().require("log")), context.options().getInt("numPartitions", 3));
  }
}
