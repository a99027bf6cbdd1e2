package io.millrace.source.file;

import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.Options;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Schema;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The file source's options, read and checked once when the source is created so that a bad
 * value fails the query at start. Unknown keys are refused with the list of known ones.
 *
 * <table>
 *   <caption>Options</caption>
 *   <tr><td>path</td><td>required: the directory, or a glob; a bare path means a local {@code file:} path,
 *       a relative one is resolved against the working directory; see {@link InputPath}</td></tr>
 *   <tr><td>createIfMissing</td><td>create a missing directory at start instead of failing (default false)</td></tr>
 *   <tr><td>format</td><td>json (default) | csv | text | parquet</td></tr>
 *   <tr><td>timestampFormat</td><td>a {@link java.time.format.DateTimeFormatter} pattern; default ISO-8601
 *       with zone, e.g. {@code 2026-09-14T23:59:57.067Z}</td></tr>
 *   <tr><td>header, delimiter</td><td>csv: skip the first line of each file (default false); the
 *       one-character separator (default {@code ,})</td></tr>
 *   <tr><td>mode</td><td>FAILFAST (default) | DROPMALFORMED | PERMISSIVE</td></tr>
 *   <tr><td>maxFilesPerTrigger, maxBytesPerTrigger</td><td>limits per batch (at least one file is
 *       always taken)</td></tr>
 *   <tr><td>latestFirst</td><td>take the newest files first (default false)</td></tr>
 *   <tr><td>maxFileAge</td><td>default 7 days; see {@link SeenFiles}</td></tr>
 *   <tr><td>cleanSource, sourceArchiveDir</td><td>off (default) | archive | delete</td></tr>
 *   <tr><td>compactInterval</td><td>the source log is compacted every N entries (default 10)</td></tr>
 *   <tr><td>maxStringLen, maxNumLen, maxNestingDepth</td><td>json: the parser's limits on one value; see
 *       {@link JsonLimits}</td></tr>
 * </table>
 */
public final class FileSourceOptions {
  /** The column that holds the raw line of a malformed record in {@link ParseMode#PERMISSIVE}. */
  public static final String CORRUPT_RECORD_COLUMN = "_corrupt_record";

  static final List<String> KNOWN = List.of("path", "createIfMissing", "format", "timestampFormat", "header", "delimiter", "mode",
      "maxFilesPerTrigger", "maxBytesPerTrigger", "latestFirst", "maxFileAge", "cleanSource", "sourceArchiveDir",
      "compactInterval", JsonLimits.MAX_STRING_LEN, JsonLimits.MAX_NUM_LEN, JsonLimits.MAX_NESTING_DEPTH);

  private static final Schema TEXT_SCHEMA = Schema.parse("value STRING");

  final InputPath path;
  final boolean createIfMissing;
  final FileFormat format;
  final Schema schema;
  final int corruptColumn;
  final String timestampFormat;
  final boolean header;
  final char delimiter;
  final ParseMode mode;
  final long maxFilesPerTrigger;
  final long maxBytesPerTrigger;
  final boolean latestFirst;
  final long maxFileAgeMillis;
  final CleanSourceMode cleanSource;
  final URI archiveDir;
  final int compactInterval;
  final JsonLimits jsonLimits;

  private FileSourceOptions(Options options, Optional<Schema> userSchema) {
    checkKnown(options);
    path = InputPath.parse("path", options.require("path"));
    createIfMissing = options.getBoolean("createIfMissing", false);
    if (createIfMissing && path.isGlob()) {
      throw options.invalid("createIfMissing", "true", "false for the glob '" + options.require("path")
          + "', which may match nothing yet and names no one directory to create");
    }
    format = options.getEnum("format", FileFormat.class, FileFormat.JSON);
    timestampFormat = options.get("timestampFormat").orElse(null);
    header = options.getBoolean("header", false);
    delimiter = delimiter(options);
    mode = options.getEnum("mode", ParseMode.class, ParseMode.FAILFAST);
    maxFilesPerTrigger = options.contains("maxFilesPerTrigger") ? options.getLong("maxFilesPerTrigger", 0, 1) : 0;
    maxBytesPerTrigger = options.contains("maxBytesPerTrigger") ? options.getLong("maxBytesPerTrigger", 0, 1) : 0;
    latestFirst = options.getBoolean("latestFirst", false);
    Duration age = options.getDuration("maxFileAge", Duration.ofDays(7));
    if (age.isNegative() || age.isZero()) {
      throw options.invalid("maxFileAge", options.require("maxFileAge"), "a positive duration");
    }
    maxFileAgeMillis = age.toMillis();
    cleanSource = options.getEnum("cleanSource", CleanSourceMode.class, CleanSourceMode.OFF);
    archiveDir = cleanSource == CleanSourceMode.ARCHIVE ? archiveDir(options) : null;
    compactInterval = options.getInt("compactInterval", 10, 1);
    jsonLimits = JsonLimits.read(options, format);
    if (format == FileFormat.PARQUET) {
      for (String lineOption : List.of("timestampFormat", "header", "delimiter", "mode")) {
        if (options.contains(lineOption)) {
          throw new InvalidOptionException(lineOption, "option '" + lineOption + "' of " + options.owner()
              + " reads text formats (json, csv) and means nothing for parquet; leave it out");
        }
      }
    }
    schema = schema(options, userSchema);
    corruptColumn = schema.indexOf(CORRUPT_RECORD_COLUMN);
    checkCorruptColumn(options);
    if (timestampFormat != null) {
      TimestampParser.of(timestampFormat); // fails here, at create, on a bad pattern
    }
  }

  /** Reads and checks every option. */
  static FileSourceOptions read(Options options, Optional<Schema> userSchema) {
    return new FileSourceOptions(options, userSchema);
  }

  private static void checkKnown(Options options) {
    Set<String> known = new TreeSet<>();
    KNOWN.forEach(k -> known.add(k.toLowerCase(Locale.ROOT)));
    for (Map.Entry<String, String> option : options.asMap().entrySet()) {
      if (!known.contains(option.getKey().toLowerCase(Locale.ROOT))) {
        throw new InvalidOptionException(option.getKey(), "option '" + option.getKey() + "' of " + options.owner()
            + " is not known; known options: " + String.join(", ", KNOWN));
      }
    }
  }

  private static char delimiter(Options options) {
    String value = options.getString("delimiter", ",");
    String unescaped = value.equals("\\t") ? "\t" : value;
    if (unescaped.length() != 1 || unescaped.charAt(0) == '"' || unescaped.charAt(0) == '\n') {
      throw options.invalid("delimiter", value, "one character other than a quote or a line break (\\t for tab)");
    }
    return unescaped.charAt(0);
  }

  private URI archiveDir(Options options) {
    if (!options.contains("sourceArchiveDir")) {
      throw new InvalidOptionException("sourceArchiveDir", "option 'sourceArchiveDir' of " + options.owner()
          + " is required when cleanSource is archive");
    }
    URI dir = directoryUri("sourceArchiveDir", options.require("sourceArchiveDir"));
    if (dir.toString().startsWith(path.root().toString())) {
      throw options.invalid("sourceArchiveDir", options.require("sourceArchiveDir"),
          "a directory outside " + path.root() + (path.isGlob() ? ", where the glob of 'path' starts" : " ('path')")
          + ", or archived files could be read again");
    }
    return dir;
  }

  private Schema schema(Options options, Optional<Schema> userSchema) {
    if (format == FileFormat.TEXT) {
      if (userSchema.isPresent() && !userSchema.get().equals(TEXT_SCHEMA)) {
        throw new InvalidOptionException("schema", options.owner() + " with format text has the fixed schema '"
            + TEXT_SCHEMA + "'; the schema given was '" + userSchema.get() + "'");
      }
      return TEXT_SCHEMA;
    }
    Schema given = userSchema.orElseThrow(() -> new InvalidOptionException("schema", options.owner()
        + " with format " + format.name().toLowerCase(Locale.ROOT) + " needs a schema, e.g. "
        + "readStream().schema(\"ts TIMESTAMP, key STRING, amount DOUBLE\")"));
    for (Field field : given) {
      DataType.Kind kind = field.type().kind();
      boolean nested = kind == DataType.Kind.STRUCT || kind == DataType.Kind.ARRAY || kind == DataType.Kind.MAP;
      if (nested && format == FileFormat.CSV) {
        // Spark's CSV source refuses them too: a CSV field is one piece of text.
        throw new InvalidOptionException("schema", options.owner() + " with format csv cannot read the " + kind
            + " column '" + field.name() + "'; CSV columns are flat (read nested values with format json)");
      }
    }
    return given;
  }

  private void checkCorruptColumn(Options options) {
    if (mode != ParseMode.PERMISSIVE) {
      return;
    }
    if (corruptColumn < 0 || schema.field(corruptColumn).type() != DataType.STRING) {
      throw new InvalidOptionException("mode", options.owner() + " in mode PERMISSIVE keeps the raw line of a "
          + "malformed record in the column '" + CORRUPT_RECORD_COLUMN + " STRING', which the schema '" + schema
          + "' lacks; add it or choose mode FAILFAST or DROPMALFORMED");
    }
    for (Field field : schema) {
      if (!field.nullable()) {
        throw new InvalidOptionException("mode", options.owner() + " in mode PERMISSIVE fills the columns of a "
            + "malformed record with nulls, but column '" + field.name() + "' is NOT NULL");
      }
    }
  }

  /** {@code value} as a directory URI ending in '/'; a bare path is a local file: path. */
  static URI directoryUri(String key, String value) {
    String text = value.trim();
    try {
      URI uri;
      if (text.startsWith("/")) {
        uri = new URI("file", null, text, null);
      } else if (text.matches("^[A-Za-z][A-Za-z0-9+.-]*:.*")) {
        uri = new URI(text);
      } else {
        String cwd = System.getProperty("user.dir");
        uri = new URI("file", null, cwd + (cwd.endsWith("/") ? "" : "/") + text, null);
      }
      String s = uri.toString();
      return s.endsWith("/") ? uri : new URI(s + "/");
    } catch (URISyntaxException e) {
      throw new InvalidOptionException(key, "option '" + key + "' has the value '" + value
          + "', which is not a path or URI: " + e.getMessage(), e);
    }
  }
}
