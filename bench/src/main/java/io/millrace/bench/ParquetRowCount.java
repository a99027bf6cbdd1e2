package io.millrace.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;

/** The rows in a directory's Parquet files as a plain reader lists them (no path part starting with _ or .), from their footers. */
final class ParquetRowCount {
  private ParquetRowCount() {}

  static long of(Path dir) throws IOException {
    long rows = 0;
    Configuration conf = new Configuration();
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.filter(Files::isRegularFile).toList()) {
        String rel = dir.relativize(p).toString();
        if (Stream.of(rel.split("/")).anyMatch(part -> part.startsWith("_") || part.startsWith("."))) {
          continue;
        }
        try (ParquetFileReader reader = ParquetFileReader.open(
            HadoopInputFile.fromPath(new org.apache.hadoop.fs.Path(p.toUri()), conf))) {
          rows += reader.getRecordCount();
        }
      }
    }
    return rows;
  }
}
