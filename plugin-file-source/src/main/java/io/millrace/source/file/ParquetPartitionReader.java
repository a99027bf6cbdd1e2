package io.millrace.source.file;

import io.millrace.spi.MillraceException;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.PartitionReader;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * Reads one Parquet file, row group by row group, reading only the columns of the source's
 * schema (after the query's column pruning) that the file has; a column the file lacks is null,
 * one of another type fails naming the file and the column.
 */
final class ParquetPartitionReader implements PartitionReader {
  private final ParquetFileReader reader;
  private final MessageType projection;
  private final MessageColumnIO columns;
  private final Schema schema;
  private final String path;
  private RecordReader<Group> records;
  private long left;
  private Row current;

  ParquetPartitionReader(FilePartition partition, Storage storage, Schema schema) throws IOException {
    this.schema = schema;
    this.path = partition.path().toString();
    this.reader = ParquetFileReader.open(new StorageInputFile(storage, partition.path(), partition.size()));
    try {
      MessageType file = reader.getFooter().getFileMetaData().getSchema();
      this.projection = projection(file, schema, partition.path().toString());
      reader.setRequestedSchema(projection);
      this.columns = new ColumnIOFactory().getColumnIO(projection, file);
    } catch (RuntimeException e) {
      reader.close();
      throw e;
    }
  }

  /** The file's columns the schema names, each checked to have the schema's type. */
  static MessageType projection(MessageType file, Schema schema, String where) {
    List<Type> kept = new ArrayList<>();
    for (Field f : schema) {
      if (!file.containsField(f.name())) {
        continue;
      }
      Type t = file.getType(f.name());
      DataType found;
      try {
        found = ParquetTypes.type(t, where);
      } catch (IllegalArgumentException e) {
        throw new MillraceException(e.getMessage(), e);
      }
      if (!found.equals(f.type())) {
        throw new MillraceException("input file " + where + " has the column '" + f.name() + "' as " + found
            + " (" + t + "), but the source reads it as " + f.type());
      }
      kept.add(t);
    }
    return new MessageType(file.getName(), kept);
  }

  @Override
  public boolean next() throws IOException {
    try {
      return advance();
    } catch (IOException | RuntimeException e) {
      throw new MillraceException("cannot read the Parquet file " + path + ": " + e, e);
    }
  }

  private boolean advance() throws IOException {
    while (left == 0) {
      PageReadStore group = reader.readNextRowGroup();
      if (group == null) {
        current = null;
        return false;
      }
      left = group.getRowCount();
      records = columns.getRecordReader(group, new GroupRecordConverter(projection));
    }
    left--;
    current = ParquetValues.row(records.read(), projection, schema);
    return true;
  }

  @Override
  public Row get() {
    if (current == null) {
      throw new IllegalStateException("no current row: call next() first and only use get() while it returns true");
    }
    return current;
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }
}
