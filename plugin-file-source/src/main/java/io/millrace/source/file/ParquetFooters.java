package io.millrace.source.file;

import io.millrace.spi.CorruptFileException;
import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.MillraceException;
import io.millrace.spi.Options;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.SourceContext;
import io.millrace.spi.storage.FileInfo;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.apache.parquet.hadoop.ParquetFileReader;

/**
 * The schema of a Parquet source given none: the schema in the footer of the oldest file in the
 * directory (by modification time, then name), read when the query first starts, logged, and
 * recorded in the source's checkpoint directory ({@value #RECORD}) at its first batch, so that a
 * restart reads the same schema even once that file is cleaned up or a newer one is the oldest.
 * Files are read by column name against it: a column a file lacks is null, one of another type fails.
 */
final class ParquetFooters {
  private static final System.Logger LOG = System.getLogger(ParquetFooters.class.getName());
  /** The file, in the source's checkpoint directory, that holds the schema read from a footer. */
  static final String RECORD = "parquet-schema";

  private ParquetFooters() {
  }

  /** Where the schema read from a footer is recorded, in the source's checkpoint directory {@code dir}. */
  static URI recordFile(URI dir) {
    String base = dir.toString();
    return URI.create(base.endsWith("/") ? base + RECORD : base + "/" + RECORD);
  }

  /** The schema recorded at the query's first run, if there is one. */
  static Optional<Schema> recorded(SourceContext context) {
    URI file = recordFile(context.metadataPath());
    try {
      Storage metadata = context.storage(context.metadataPath());
      if (metadata.status(file).isEmpty()) {
        return Optional.empty();
      }
      String ddl = new String(metadata.readAll(file), StandardCharsets.UTF_8);
      try {
        return Optional.of(Schema.parse(ddl));
      } catch (IllegalArgumentException e) {
        throw new CorruptFileException(file.toString(), "the Parquet schema recorded there does not "
            + "parse (" + e.getMessage() + "): '" + ddl + "'");
      }
    } catch (IOException e) {
      throw new MillraceException(context.options().owner() + " cannot read " + file + ": " + e, e);
    }
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
