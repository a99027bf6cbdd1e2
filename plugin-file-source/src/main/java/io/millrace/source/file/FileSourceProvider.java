package io.millrace.source.file;

import io.millrace.spi.MillraceException;
import io.millrace.spi.Spi;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceContext;
import io.millrace.spi.source.SourceProvider;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.util.Optional;

/**
 * The {@code file} source: a directory of JSON-lines, CSV or text files on any storage the
 * runtime knows, replayable, rate-limited and available-now. Options are listed in
 * {@link FileSourceOptions}; the seen-file rule in {@link SeenFiles}; the log in
 * {@link SourceFileLog}.
 */
public final class FileSourceProvider implements SourceProvider {
  private static final System.Logger LOG = System.getLogger(FileSourceProvider.class.getName());
  private static final String OWNER = "source 'file'";

  public FileSourceProvider() {}

  @Override
  public String name() {
    return "file";
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  @Override
  public String description() {
    return "files (json lines, csv, text, parquet) moved into a directory on any storage; replayable";
  }

  @Override
  public Source create(SourceContext context) {
    Optional<Schema> schema = context.userSchema();
    Optional<Schema> toRecord = Optional.empty();
    if (FileFormat.isParquet(context.options())) {
      FileFormat.requireParquetLibrary(context.options());
      if (schema.isEmpty()) {
        schema = ParquetFooters.recorded(context);
      }
      if (schema.isEmpty()) {
        toRecord = Optional.of(ParquetFooters.schemaOfFirstFile(context));
        schema = toRecord;
      }
    }
    FileSourceOptions options = FileSourceOptions.read(context.options(), schema);
    try {
      Storage input = context.storage(options.path.root());
      if (options.path.requireDirectory(input, options.createIfMissing, OWNER)) {
        LOG.log(System.Logger.Level.INFO, OWNER + ": created the missing directory " + options.path.root()
            + " (createIfMissing); files moved into it will be read");
      }
      Storage metadata = context.storage(context.metadataPath());
      Storage archive = options.archiveDir == null ? null : context.storage(options.archiveDir);
      return new FileSource(options, input, metadata, context.metadataPath(), archive, context.minBatchesToRetain(),
          toRecord);
    } catch (IOException e) {
      throw new MillraceException(OWNER + " cannot open the storage of " + options.path + ": " + e, e);
    }
  }
}
