package io.millrace.source.file;

import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.MillraceException;
import io.millrace.spi.Options;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.SourceContext;
import io.millrace.spi.storage.FileInfo;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.util.Comparator;
import java.util.List;
import org.apache.parquet.hadoop.ParquetFileReader;

/**
 * The schema of a Parquet source given none: the schema in the footer of the oldest file in the
 * directory (by modification time, then name), read when the query starts and logged. Later files
 * are read by column name against it: a column a file lacks is null, one of another type fails.
 */
final class ParquetFooters {
  private static final System.Logger LOG = System.getLogger(ParquetFooters.class.getName());

  private ParquetFooters() {
  }

  static Schema schemaOfFirstFile(SourceContext context) {
    Options options = context.options();
    InputPath path = InputPath.parse("path", options.require("path"));
    List<FileInfo> files;
    Storage storage;
    try {
      storage = context.storage(path.root());
      files = storage.status(path.root()).isPresent() ? path.listFiles(storage) : List.of();
    } catch (IOException e) {
      throw new MillraceException(options.owner() + " cannot list " + path + " to read a Parquet footer: " + e, e);
    }
    FileInfo first = files.stream()
        .min(Comparator.comparingLong(FileInfo::modificationTimeMillis).thenComparing(FileInfo::name))
        .orElseThrow(() -> new InvalidOptionException("schema", options.owner() + " with format parquet reads its "
            + "schema from a file's footer, but " + path + " holds no file yet; give the schema with "
            + "readStream().schema(..), or start the query once a file is there"));
    try (ParquetFileReader reader = ParquetFileReader.open(new StorageInputFile(storage, first.path(), first.size()))) {
      Schema schema = ParquetTypes.schema(reader.getFooter().getFileMetaData().getSchema(), first.path().toString());
      LOG.log(System.Logger.Level.INFO, options.owner() + " reads the schema '" + schema + "' from the footer of "
          + first.path());
      return schema;
    } catch (IOException | RuntimeException e) {
      throw new MillraceException(options.owner() + " cannot read the Parquet footer of " + first.path() + ": " + e, e);
    }
  }
}
