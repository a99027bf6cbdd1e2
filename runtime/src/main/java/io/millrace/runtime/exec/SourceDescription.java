package io.millrace.runtime.exec;

import io.millrace.runtime.Engine;
import io.millrace.spi.Options;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceProvider;
import java.io.Serializable;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Source {@code index} of a query as a serializable value: everything its plugin's context gives
 * it (options, the schema the user gave, the query id, the source's checkpoint directory), from
 * which any process with the same plugins opens an equal instance ({@link #open}).
 */
record SourceDescription(String queryId, int index, String format, Map<String, String> options,
    List<UserField> userSchema, URI sourceDir, List<UserField> readColumns) implements Serializable {

  /**
   * One field of the user's schema, kept apart from its name: a name is any text, which a DDL
   * string would have to quote. Nested struct fields go through the type's DDL.
   */
  record UserField(String name, String type, boolean nullable) implements Serializable {}

  SourceDescription {
    options = Map.copyOf(options);
    userSchema = userSchema == null ? null : List.copyOf(userSchema);
    readColumns = readColumns == null ? null : List.copyOf(readColumns);
  }

  static SourceDescription of(String queryId, int index, String format, Map<String, String> options,
      Optional<Schema> userSchema, URI sourceDir) {
    return new SourceDescription(queryId, index, format, options, userSchema.map(SourceDescription::fields).orElse(null),
        sourceDir, null);
  }

  /** This source reading only {@code columns} (column pruning), which {@link #open} applies again. */
  SourceDescription readingOnly(Schema columns) {
    return new SourceDescription(queryId, index, format, options, userSchema, sourceDir, fields(columns));
  }

  private static List<UserField> fields(Schema schema) {
    List<UserField> out = new ArrayList<>();
    schema.forEach(f -> out.add(new UserField(f.name(), f.type().toString(), f.nullable())));
    return out;
  }

  Optional<Schema> schema() {
    return Optional.ofNullable(userSchema).map(SourceDescription::schemaOf);
  }

  private static Schema schemaOf(List<UserField> userFields) {
    List<Field> fields = new ArrayList<>();
    userFields.forEach(f -> fields.add(new Field(f.name(), typeOf(f.type()), f.nullable())));
    return Schema.of(fields);
  }

  /** A type's DDL read back; through a one-field schema, the parser that reads struct types too. */
  private static DataType typeOf(String ddl) {
    return Schema.parse("t " + ddl).field(0).type();
  }

  /** A new instance of the source on {@code engine}. */
  Source open(Engine engine) {
    SourceProvider provider = engine.plugins().source(format);
    Options opts = Options.of("source '" + format + "'", options);
    Source source = PluginOptionException.creatingSource(index, () -> provider.create(
        RuntimePluginContext.forSource(engine, opts, queryId, schema(), sourceDir)));
    if (readColumns != null) {
      source.pruneColumns(schemaOf(readColumns));
    }
    return source;
  }
}
