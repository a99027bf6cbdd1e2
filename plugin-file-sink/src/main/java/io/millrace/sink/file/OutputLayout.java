package io.millrace.sink.file;

import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a sink's rows go: the format, the options, the file system, and which columns name the
 * partition directory and which go into the data files (Spark leaves partition columns out of
 * the files; a reader gets them back from the directory names).
 */
record OutputLayout(FileFormat format, FileSinkOptions options, HadoopFiles files, Schema schema, Schema dataSchema,
    int[] partitionIndexes, int[] dataIndexes) {
  /** Where task files wait for their batch's manifest, relative to the output path; hidden from Spark's listing. */
  static final String STAGING = "_millrace_staging";

  static OutputLayout of(FileFormat format, FileSinkOptions options, HadoopFiles files, Schema schema) {
    int[] partitions = new int[options.partitionBy().size()];
    for (int i = 0; i < partitions.length; i++) {
      partitions[i] = schema.indexOf(options.partitionBy().get(i));
    }
    List<Field> data = new ArrayList<>();
    List<Integer> dataIndexes = new ArrayList<>();
    for (int i = 0; i < schema.size(); i++) {
      if (!options.partitionBy().contains(schema.field(i).name())) {
        data.add(schema.field(i));
        dataIndexes.add(i);
      }
    }
    Schema dataSchema = Schema.of(data);
    format.check(dataSchema);
    return new OutputLayout(format, options, files, schema, dataSchema, partitions,
        dataIndexes.stream().mapToInt(Integer::intValue).toArray());
  }

  boolean partitioned() {
    return partitionIndexes.length > 0;
  }

  /** The partition directory of {@code row}, or "" without partitionBy. */
  String directory(Row row) {
    return partitioned() ? PartitionPath.of(schema, partitionIndexes, row) : "";
  }

  /** {@code row} without its partition columns. */
  Row data(Row row) {
    if (!partitioned()) {
      return row;
    }
    Object[] values = new Object[dataIndexes.length];
    for (int i = 0; i < values.length; i++) {
      values[i] = row.get(dataIndexes[i]);
    }
    return Row.wrap(values);
  }
}
