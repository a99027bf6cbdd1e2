package io.millrace.it;

import io.delta.kernel.Scan;
import io.delta.kernel.Table;
import io.delta.kernel.data.ColumnarBatch;
import io.delta.kernel.data.FilteredColumnarBatch;
import io.delta.kernel.data.Row;
import io.delta.kernel.defaults.engine.DefaultEngine;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.internal.InternalScanFileUtils;
import io.delta.kernel.internal.data.ScanStateRow;
import io.delta.kernel.internal.util.Utils;
import io.delta.kernel.types.StructType;
import io.delta.kernel.utils.CloseableIterator;
import io.delta.kernel.utils.FileStatus;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * Looks at a Delta table the {@link DeltaCrashChild} query wrote, on local disk or HDFS, with
 * Delta Kernel and Hadoop's file system alone: its rows as "id:key", and its log's commits.
 */
final class DeltaTables {
  private DeltaTables() {}

  /** Every row of the table's latest snapshot as "id:key". */
  static List<String> rows(String table) throws IOException {
    Engine engine = DefaultEngine.create(new Configuration());
    Scan scan = Table.forPath(engine, table).getLatestSnapshot(engine).getScanBuilder().build();
    Row scanState = scan.getScanState(engine);
    StructType physical = ScanStateRow.getPhysicalDataReadSchema(engine, scanState);
    List<String> out = new ArrayList<>();
    try (CloseableIterator<FilteredColumnarBatch> scanFiles = scan.getScanFiles(engine)) {
      while (scanFiles.hasNext()) {
        try (CloseableIterator<Row> files = scanFiles.next().getRows()) {
          while (files.hasNext()) {
            Row scanFile = files.next();
            FileStatus status = InternalScanFileUtils.getAddFileStatus(scanFile);
            CloseableIterator<ColumnarBatch> data = engine.getParquetHandler()
                .readParquetFiles(Utils.singletonCloseableIterator(status), physical, Optional.empty());
            try (CloseableIterator<FilteredColumnarBatch> logical =
                Scan.transformPhysicalData(engine, scanState, scanFile, data)) {
              while (logical.hasNext()) {
                addRows(logical.next(), out);
              }
            }
          }
        }
      }
    }
    return out;
  }

  /** How many {@code txn} actions in the table's JSON commits carry {@code appId} and {@code version}. */
  static long txnEntries(String table, String appId, long version) throws IOException {
    Pattern txn = Pattern.compile("\\{\"txn\":\\{[^}]*\"appId\":\"" + appId + "\"[^}]*\"version\":" + version + "[,}]");
    long count = 0;
    for (String commit : commits(table)) {
      Matcher m = txn.matcher(commit);
      while (m.find()) {
        count++;
      }
    }
    return count;
  }

  /** The text of every JSON commit in the table's {@code _delta_log}. */
  static List<String> commits(String table) throws IOException {
    org.apache.hadoop.fs.Path log = new org.apache.hadoop.fs.Path(URI.create(asUri(table) + "/_delta_log"));
    FileSystem fs = log.getFileSystem(new Configuration());
    List<String> commits = new ArrayList<>();
    RemoteIterator<LocatedFileStatus> files = fs.listFiles(log, false);
    while (files.hasNext()) {
      org.apache.hadoop.fs.Path file = files.next().getPath();
      if (file.getName().endsWith(".json")) {
        try (var in = fs.open(file)) {
          commits.add(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
      }
    }
    return commits;
  }

  private static String asUri(String table) {
    return table.contains("://") ? table : java.nio.file.Path.of(table).toUri().toString().replaceAll("/$", "");
  }

  private static void addRows(FilteredColumnarBatch batch, List<String> out) {
    ColumnarBatch data = batch.getData();
    StructType schema = data.getSchema();
    for (int r = 0; r < data.getSize(); r++) {
      if (batch.getSelectionVector().isPresent() && !batch.getSelectionVector().get().getBoolean(r)) {
        continue;
      }
      out.add(data.getColumnVector(schema.indexOf("id")).getLong(r) + ":"
          + data.getColumnVector(schema.indexOf("key")).getString(r));
    }
  }
}
