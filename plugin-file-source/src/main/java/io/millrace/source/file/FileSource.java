package io.millrace.source.file;

import com.fasterxml.jackson.core.JsonFactory;
import io.millrace.spi.MillraceException;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.InputPartition;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.PartitionReader;
import io.millrace.spi.source.ReadLimit;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceCapability;
import io.millrace.spi.storage.FileInfo;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;

/**
 * A directory of files as a replayable stream.
 *
 * <p>{@link #latestOffset} lists the directory, takes the files not yet seen (oldest first, or
 * newest first with {@code latestFirst}; ties by path), at most as many as the limit allows but
 * always at least one, records them as the next entry of the {@link SourceFileLog} and returns
 * that entry's number. Reading {@code (start, end]} reads the files of entries
 * {@code start + 1 .. end} from the log, so any instance replays a range exactly. Hidden and
 * temporary names (starting with {@code .} or {@code _}, ending with {@code .tmp}, containing
 * {@code _COPYING_}) and sub-directories are never taken: files must be moved into the
 * directory whole. Which files are listed is {@link InputPath}'s business (a directory or a glob).
 *
 * <p>Limits: {@code maxFiles} and {@code maxBytes} of the {@link ReadLimit} (from
 * {@code maxFilesPerTrigger} and {@code maxBytesPerTrigger}); a {@code maxRows} limit cannot be
 * known before reading, so it takes one file per batch, the indivisible unit. When the log
 * already holds entries after {@code start} (a run that recorded an entry but stopped before
 * its batch was written), an unlimited call returns the newest entry (after recording any new
 * files), and a limited call returns {@code start + 1}, an entry that respected the limits when
 * it was recorded.
 */
final class FileSource implements Source {
  private static final Set<SourceCapability> CAPABILITIES =
      EnumSet.of(SourceCapability.REPLAYABLE, SourceCapability.RATE_LIMIT, SourceCapability.AVAILABLE_NOW);
  /**
   * Parquet reads column by column, and JSON converts only the fields of the columns it reads
   * (as Spark's JSON reader: a field of another column is skipped unread, so a value there that
   * does not fit its type does not make the line malformed): both read only the columns a query uses.
   */
  private static final Set<SourceCapability> PRUNING_CAPABILITIES = EnumSet.of(SourceCapability.REPLAYABLE,
      SourceCapability.RATE_LIMIT, SourceCapability.AVAILABLE_NOW, SourceCapability.COLUMN_PRUNING);

  private final FileSourceOptions options;
  private final Storage input;
  private final SourceFileLog log;
  private final URI metadataPath;
  private final FileCleaner cleaner;
  private final SeenFiles seen;
  private final LongAdder malformedRows = new LongAdder();
  private final LongAdder rowsOverLimit = new LongAdder();
  private final JsonFactory jsonFactory;
  private final RepeatedStrings.Pool stringTables = new RepeatedStrings.Pool();
  private final Storage metadata;
  /** A schema read from a Parquet footer, recorded at the first batch (then null). */
  private Schema schemaToRecord;
  /** The columns read: the schema, or the part of it the query uses (Parquet, JSON). */
  private Schema readSchema;
  private boolean loaded;
  private long latestId = -1;
  private long cleanedThrough = Long.MIN_VALUE;
  private Set<String> availableNow;
  private long filesListed;
  private long filesTooOld;

  FileSource(FileSourceOptions options, Storage input, Storage metadata, URI metadataPath, Storage archive,
      int minBatchesToRetain, Optional<Schema> schemaToRecord) {
    this.options = options;
    this.metadata = metadata;
    this.schemaToRecord = schemaToRecord.orElse(null);
    this.input = input;
    this.metadataPath = metadataPath;
    this.log = new SourceFileLog(metadata, metadataPath, options.compactInterval, minBatchesToRetain);
    this.cleaner = new FileCleaner(options.cleanSource, input, archive, options.archiveDir);
    boolean limited = options.maxFilesPerTrigger > 0 || options.maxBytesPerTrigger > 0;
    this.seen = new SeenFiles(options.maxFileAgeMillis, !(options.latestFirst && limited));
    this.jsonFactory = options.format == FileFormat.JSON ? options.jsonLimits.factory() : null;
    this.readSchema = options.schema;
  }

  @Override
  public Schema schema() {
    return readSchema;
  }

  @Override
  public Set<SourceCapability> capabilities() {
    return prunes() ? PRUNING_CAPABILITIES : CAPABILITIES;
  }

  private boolean prunes() {
    return options.format == FileFormat.PARQUET || options.format == FileFormat.JSON;
  }

  @Override
  public void pruneColumns(Schema columns) {
    if (!prunes()) {
      throw new UnsupportedOperationException("source 'file' prunes the columns of parquet and json only");
    }
    for (Field f : columns) {
      if (!options.schema.fields().contains(f)) {
        throw new IllegalArgumentException("source 'file' cannot read only " + columns + ": column " + f
            + " is not in its schema " + options.schema);
      }
    }
    readSchema = columns;
  }

  @Override
  public Offset initialOffset() {
    return LogOffset.INITIAL;
  }

  @Override
  public Offset deserializeOffset(String json) {
    try {
      return LogOffset.parse(json);
    } catch (IllegalArgumentException e) {
      throw new MillraceException("source 'file' at " + options.path + ": " + e.getMessage(), e);
    }
  }

  @Override
  public ReadLimit defaultReadLimit() {
    ReadLimit limit = ReadLimit.allAvailable();
    if (options.maxFilesPerTrigger > 0) {
      limit = limit.withMaxFiles(options.maxFilesPerTrigger);
    }
    if (options.maxBytesPerTrigger > 0) {
      limit = limit.withMaxBytes(options.maxBytesPerTrigger);
    }
    return limit;
  }

  @Override
  public Offset latestOffset(Offset start, ReadLimit limit) throws IOException {
    load();
    recordSchema();
    long from = id(start);
    if (from > latestId) {
      throw new MillraceException("source 'file' at " + options.path + " was asked to continue from " + start.json()
          + ", past the newest entry (" + latestId + ") of its log at " + metadataPath
          + "; the source log was deleted or belongs to another checkpoint");
    }
    if (from < latestId && !limit.isAllAvailable()) {
      return new LogOffset(from + 1);
    }
    List<FileInfo> taken = take(newFiles(), limit);
    if (taken.isEmpty()) {
      return from == latestId ? start : new LogOffset(latestId);
    }
    long id = latestId + 1;
    List<FileEntry> entries = new ArrayList<>(taken.size());
    for (FileInfo file : taken) {
      entries.add(new FileEntry(file.path(), file.size(), file.modificationTimeMillis(), id));
    }
    log.add(id, entries);
    entries.forEach(e -> seen.add(e.path().toString(), e.modificationTimeMillis()));
    seen.purge();
    latestId = id;
    log.compactIfDue(seen.forgetBefore());
    return new LogOffset(id);
  }

  @Override
  public void prepareForAvailableNow() throws IOException {
    load();
    availableNow = null;
    Set<String> present = new HashSet<>();
    for (FileInfo file : newFiles()) {
      present.add(file.path().toString());
    }
    availableNow = present;
  }

  @Override
  public List<InputPartition> planInputPartitions(Offset start, Offset end) throws IOException {
    long from = id(start);
    long to = id(end);
    if (to < from) {
      throw new IllegalArgumentException("source 'file': the range (" + start.json() + ", " + end.json()
          + "] ends before it starts");
    }
    List<InputPartition> partitions = new ArrayList<>();
    for (long id = from + 1; id <= to; id++) {
      for (FileEntry file : log.entries(id)) {
        partitions.add(new FilePartition(file.path(), file.size(), id));
      }
    }
    return partitions;
  }

  @Override
  public PartitionReader createReader(InputPartition partition) throws IOException {
    FilePartition file = (FilePartition) partition;
    try {
      if (options.format == FileFormat.PARQUET) {
        return new ParquetPartitionReader(file, input, readSchema);
      }
      return new FilePartitionReader(file, new BoundedInputStream(input.open(file.path()), file.size()), parser(),
          options, parsedSchema(), readSchema, malformedRows, rowsOverLimit);
    } catch (NoSuchFileException e) {
      throw new MillraceException("input file " + file.path() + ", taken by entry " + file.logOffset()
          + " of the source log at " + metadataPath + ", is gone; the batch cannot be read again", e);
    }
  }

  /** Records a schema read from a footer, at the first batch: creating the source writes nothing. */
  private void recordSchema() throws IOException {
    if (schemaToRecord != null) {
      metadata.createIfAbsent(ParquetFooters.recordFile(metadataPath),
          schemaToRecord.toDdl().getBytes(StandardCharsets.UTF_8));
      schemaToRecord = null;
    }
  }

  /**
   * The columns a line is parsed into: those read, or every column of the schema where a query
   * reads {@code _corrupt_record} alone. Spark 4.0.1 refuses such a query
   * ({@code UNSUPPORTED_FEATURE.QUERY_ONLY_CORRUPT_RECORD_COLUMN}): its pruning would convert no
   * field, so only text that is not JSON could be malformed. This source parses the whole line
   * for it, as without pruning, and the query sees every malformed line.
   */
  private Schema parsedSchema() {
    return readSchema.size() == 1 && readSchema.field(0).name().equals(FileSourceOptions.CORRUPT_RECORD_COLUMN)
        ? options.schema : readSchema;
  }

  private RecordParser parser() {
    TimestampParser timestamps =
        options.timestampFormat == null ? TimestampParser.iso() : TimestampParser.of(options.timestampFormat);
    return switch (options.format) {
      case JSON -> {
        Schema parsed = parsedSchema();
        yield new JsonRecordParser(parsed, parsed.indexOf(FileSourceOptions.CORRUPT_RECORD_COLUMN), timestamps,
            options.jsonLimits, jsonFactory, stringTables);
      }
      case CSV -> new CsvRecordParser(options.schema, options.corruptColumn, options.delimiter, timestamps);
      case TEXT -> new TextRecordParser();
      case PARQUET -> throw new IllegalStateException("parquet is read by ParquetPartitionReader, not line by line");
    };
  }

  /**
   * Cleans the input files of every entry through {@code end} that this instance has not
   * cleaned yet. Its first commit starts at the oldest entry the log keeps: after a crash a
   * batch may cover several entries (recorded by a process that died before the batch's offsets
   * were written), and a crash may have cut an earlier cleaning short; cleaning a file twice
   * is a no-op.
   */
  @Override
  public void commit(Offset end) throws IOException {
    load();
    long to = id(end);
    if (options.cleanSource != CleanSourceMode.OFF) {
      long from = cleanedThrough == Long.MIN_VALUE ? log.oldestEntry() - 1 : cleanedThrough;
      for (long id = Math.max(from, -1) + 1; id <= to; id++) {
        log.entries(id).forEach(cleaner::clean);
      }
      cleanedThrough = Math.max(cleanedThrough, to);
    }
    log.forgetEntriesThrough(to);
  }

  @Override
  public Map<String, String> metrics() {
    Map<String, String> metrics = new LinkedHashMap<>();
    metrics.put("numFilesListed", Long.toString(filesListed));
    metrics.put("numFilesSeen", Integer.toString(seen.size()));
    metrics.put("numFilesTooOld", Long.toString(filesTooOld));
    metrics.put("numMalformedRows", Long.toString(malformedRows.sum()));
    if (options.format == FileFormat.JSON) {
      metrics.put("numRowsOverLimit", Long.toString(rowsOverLimit.sum()));
    }
    if (options.cleanSource != CleanSourceMode.OFF) {
      metrics.put("numFilesCleaned", Long.toString(cleaner.cleaned.get()));
      metrics.put("numCleanFailures", Long.toString(cleaner.failures.get()));
    }
    return metrics;
  }

  /** Rebuilds the seen-file index from the log, once per instance. */
  private void load() throws IOException {
    if (!loaded) {
      latestId = log.open(seen);
      loaded = true;
    }
  }

  /** The listed files that may be taken: visible names, not seen, not too old, in taking order. */
  private List<FileInfo> newFiles() throws IOException {
    List<FileInfo> listed = options.path.listFiles(input);
    List<FileInfo> fresh = new ArrayList<>();
    long tooOld = 0;
    for (FileInfo file : listed) {
      String path = file.path().toString();
      if (seen.contains(path) || (availableNow != null && !availableNow.contains(path))) {
        continue;
      }
      if (seen.tooOld(file.modificationTimeMillis())) {
        tooOld++;
        continue;
      }
      fresh.add(file);
    }
    filesListed = listed.size();
    filesTooOld = tooOld;
    Comparator<FileInfo> order = Comparator.comparingLong(FileInfo::modificationTimeMillis)
        .thenComparing(f -> f.path().toString());
    fresh.sort(options.latestFirst ? order.reversed() : order);
    return fresh;
  }

  private static List<FileInfo> take(List<FileInfo> candidates, ReadLimit limit) {
    long maxFiles = limit.maxRows().isPresent() ? 1 : limit.maxFiles().orElse(Long.MAX_VALUE);
    long maxBytes = limit.maxBytes().orElse(Long.MAX_VALUE);
    List<FileInfo> taken = new ArrayList<>();
    long bytes = 0;
    for (FileInfo file : candidates) {
      if (!taken.isEmpty() && (taken.size() >= maxFiles || bytes + file.size() > maxBytes)) {
        break;
      }
      taken.add(file);
      bytes += file.size();
    }
    return taken;
  }

  /** Names a writer is still working on, or that are not data: {@code .x}, {@code _x}, {@code x.tmp}, {@code x_COPYING_}. */
  static boolean hiddenOrTemporary(String name) {
    return name.startsWith(".") || name.startsWith("_") || name.endsWith(".tmp") || name.contains("_COPYING_");
  }

  private long id(Offset offset) {
    return offset instanceof LogOffset o ? o.logOffset() : ((LogOffset) deserializeOffset(offset.json())).logOffset();
  }
}
