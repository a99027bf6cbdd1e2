package io.millrace.sink.file;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopOutputFile;

/** Parquet through Apache Parquet's writer, snappy-compressed by default as Spark writes it. */
final class ParquetFormat implements FileFormat {

  @Override
  public String name() {
    return "parquet";
  }

  @Override
  public List<String> compressions() {
    return List.of("none", "uncompressed", "snappy", "gzip", "zstd");
  }

  @Override
  public String defaultCompression() {
    return "snappy";
  }

  @Override
  public String extension(String compression) {
    return switch (codec(compression)) {
      case UNCOMPRESSED -> ".parquet";
      case GZIP -> ".gz.parquet";
      default -> "." + compression + ".parquet";
    };
  }

  private static CompressionCodecName codec(String compression) {
    return switch (compression) {
      case "none", "uncompressed" -> CompressionCodecName.UNCOMPRESSED;
      case "gzip" -> CompressionCodecName.GZIP;
      case "zstd" -> CompressionCodecName.ZSTD;
      default -> CompressionCodecName.SNAPPY;
    };
  }

  @Override
  public RowFile open(FileSystem fs, Configuration conf, Path path, Schema dataSchema, FileSinkOptions options)
      throws IOException {
    ParquetWriter<Row> writer = new Builder(HadoopOutputFile.fromPath(path, conf), dataSchema)
        .withConf(conf)
        .withCompressionCodec(codec(options.compression()))
        .withWriteMode(ParquetFileWriter.Mode.CREATE)
        .build();
    return new RowFile() {
      @Override
      public void write(Row row) throws IOException {
        writer.write(row);
      }

      @Override
      public long bytes() {
        return writer.getDataSize();
      }

      @Override
      public void close() throws IOException {
        writer.close();
      }
    };
  }

  private static final class Builder extends ParquetWriter.Builder<Row, Builder> {
    private final Schema schema;

    Builder(org.apache.parquet.io.OutputFile file, Schema schema) {
      super(file);
      this.schema = schema;
    }

    @Override
    protected Builder self() {
      return this;
    }

    @Override
    protected WriteSupport<Row> getWriteSupport(Configuration conf) {
      return new RowWriteSupport(schema);
    }
  }
}
