package io.millrace.sink.delta;

import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.Options;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.SinkContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The {@code delta} sink's options, read and checked once when the sink is created. */
record DeltaSinkOptions(String path, List<String> partitionBy, String txnAppId, Map<String, String> hadoop) {

  static final String PATH = "path";
  static final String PARTITION_BY = "partitionBy";
  static final String TXN_APP_ID = "txnAppId";

  private static final List<String> KNOWN = List.of(PATH, PARTITION_BY, TXN_APP_ID, HadoopOptions.PREFIX + "<key>");

  static DeltaSinkOptions read(SinkContext context) {
    Options options = context.options();
    Map<String, String> hadoop = HadoopOptions.split(options, key -> {
      String lower = key.toLowerCase(Locale.ROOT);
      if (!lower.equals(PATH.toLowerCase(Locale.ROOT)) && !lower.equals(PARTITION_BY.toLowerCase(Locale.ROOT))
          && !lower.equals(TXN_APP_ID.toLowerCase(Locale.ROOT))) {
        throw new InvalidOptionException(key,
            "option '" + key + "' of " + options.owner() + " is not known; known options: " + String.join(", ", KNOWN));
      }
    });
    String path = options.require(PATH).trim();
    if (path.isEmpty()) {
      throw options.invalid(PATH, path, "the table's location, such as /data/events or hdfs://nn:8020/events");
    }
    String appId = options.getString(TXN_APP_ID, context.queryId()).trim();
    if (appId.isEmpty()) {
      throw options.invalid(TXN_APP_ID, appId, "a non-blank id that stays the same across restarts");
    }
    List<String> partitionBy = partitionColumns(options, context.schema());
    return new DeltaSinkOptions(path, partitionBy, appId, hadoop);
  }

  private static List<String> partitionColumns(Options options, Schema schema) {
    String text = options.getString(PARTITION_BY, "").trim();
    List<String> columns = new ArrayList<>();
    if (text.isEmpty()) {
      return columns;
    }
    for (String part : text.split(",")) {
      String name = part.trim();
      Field field = schema.find(name).orElseThrow(() -> options.invalid(PARTITION_BY, text,
          "columns of the query's output (" + String.join(", ", schema.names()) + "); '" + name + "' is not one"));
      if (field.type().kind() == DataType.Kind.STRUCT) {
        throw options.invalid(PARTITION_BY, text, "primitive columns; '" + name + "' is " + field.type());
      }
      if (columns.contains(name)) {
        throw options.invalid(PARTITION_BY, text, "each column once; '" + name + "' is repeated");
      }
      columns.add(name);
    }
    if (columns.size() == schema.size()) {
      throw options.invalid(PARTITION_BY, text, "at most all columns but one: Delta needs a data column in each file");
    }
    return List.copyOf(columns);
  }
}
