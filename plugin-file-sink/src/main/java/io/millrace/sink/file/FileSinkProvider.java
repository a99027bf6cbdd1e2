package io.millrace.sink.file;

import io.millrace.spi.MillraceException;
import io.millrace.spi.Spi;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.SinkContext;
import io.millrace.spi.sink.SinkProvider;
import java.io.IOException;
import java.time.Clock;
import java.util.Locale;

/**
 * The shared provider of the file sinks; each format's provider only names its format. Options:
 * {@code path} (required), {@code partitionBy}, {@code maxRecordsPerFile}, {@code maxFileSize},
 * {@code compactInterval}, {@code retention}, {@code compression}, {@code header} (csv) and
 * {@code hadoop.<key>} (see {@link FileSinkOptions}).
 */
public abstract class FileSinkProvider implements SinkProvider {
  private final FileFormat format;

  FileSinkProvider(FileFormat format) {
    this.format = format;
  }

  @Override
  public final String name() {
    return format.name();
  }

  @Override
  public final String spiVersion() {
    return Spi.VERSION;
  }

  @Override
  public String description() {
    return "exactly-once " + format.name() + " files with a bounded manifest log (append)";
  }

  @Override
  public final Sink create(SinkContext context) {
    if (context.outputMode() != OutputMode.APPEND) {
      throw new MillraceException("sink '" + format.name() + "' cannot write output mode "
          + context.outputMode().name().toLowerCase(Locale.ROOT) + ": files are only ever added, so a changed row could"
          + " not replace its earlier value (Spark's file sink refuses it too); use append, with a watermark for an"
          + " aggregation");
    }
    FileSinkOptions options = FileSinkOptions.read(context, format);
    HadoopFiles files;
    try {
      files = HadoopFiles.open(options.path(), options.hadoop());
    } catch (IOException | RuntimeException e) {
      throw new MillraceException("sink '" + format.name() + "' cannot use the path '" + options.path() + "': "
          + e.getMessage(), e);
    }
    OutputLayout layout;
    try {
      layout = OutputLayout.of(format, options, files, context.schema());
    } catch (IllegalArgumentException e) {
      throw new MillraceException(e.getMessage(), e);
    }
    return new FileSink(layout, context.queryId(), context.faultInjector(), Clock.systemUTC());
  }
}
