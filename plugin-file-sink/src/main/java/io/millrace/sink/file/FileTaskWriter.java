package io.millrace.sink.file;

import io.millrace.spi.data.Row;
import io.millrace.spi.sink.TaskWriter;
import io.millrace.spi.sink.WriterCommitMessage;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.fs.Path;

/**
 * Writes one task's rows into files under its own staging directory,
 * {@code _millrace_staging/<batchId>-<uuid>/}, laid out as they will be published: a file per
 * partition directory, rolled over to a new one at {@code maxRecordsPerFile} rows or
 * {@code maxFileSize} bytes. Files are named as Spark names them,
 * {@code part-<task>-<uuid>-c<n><ext>} ({@code .c<n>} in partition directories).
 */
final class FileTaskWriter implements TaskWriter {
  private static final System.Logger LOG = System.getLogger(FileTaskWriter.class.getName());

  private final OutputLayout layout;
  private final int partition;
  private final String uuid = UUID.randomUUID().toString();
  private final String stagingDir;
  private final Map<String, OpenFile> open = new HashMap<>();
  private final Map<String, Integer> counters = new HashMap<>();
  private final ArrayList<StagedFile> done = new ArrayList<>();

  /** The file of one partition directory being written. */
  private static final class OpenFile {
    final FileFormat.RowFile file;
    final String path;
    final String staged;
    long rows;

    OpenFile(FileFormat.RowFile file, String path, String staged) {
      this.file = file;
      this.path = path;
      this.staged = staged;
    }
  }

  FileTaskWriter(OutputLayout layout, int partition, long batchId) {
    this.layout = layout;
    this.partition = partition;
    this.stagingDir = OutputLayout.STAGING + "/" + batchId + "-" + uuid;
  }

  @Override
  public void write(Row row) throws IOException {
    String dir = layout.directory(row);
    OpenFile file = open.get(dir);
    if (file != null && full(file)) {
      finish(dir, file);
      file = null;
    }
    if (file == null) {
      file = start(dir);
    }
    file.file.write(layout.data(row));
    file.rows++;
  }

  private boolean full(OpenFile file) throws IOException {
    FileSinkOptions options = layout.options();
    return (options.maxRecordsPerFile() > 0 && file.rows >= options.maxRecordsPerFile())
        || (options.maxFileSize() > 0 && file.file.bytes() >= options.maxFileSize());
  }

  private OpenFile start(String dir) throws IOException {
    int n = counters.merge(dir, 1, Integer::sum) - 1;
    String name = String.format(Locale.ROOT, "part-%05d-%s%sc%03d%s", partition, uuid, dir.isEmpty() ? "-" : ".", n,
        layout.format().extension(layout.options().compression()));
    String path = dir.isEmpty() ? name : dir + "/" + name;
    String staged = stagingDir + "/" + path;
    HadoopFiles files = layout.files();
    FileFormat.RowFile file = HadoopFiles.call(() ->
        layout.format().open(files.fs(), files.conf(), files.resolve(staged), layout.dataSchema(), layout.options()));
    OpenFile opened = new OpenFile(file, path, staged);
    open.put(dir, opened);
    return opened;
  }

  private void finish(String dir, OpenFile file) throws IOException {
    open.remove(dir);
    HadoopFiles files = layout.files();
    long size = HadoopFiles.call(() -> {
      file.file.close();
      return files.fs().getFileStatus(files.resolve(file.staged)).getLen();
    });
    done.add(new StagedFile(file.path, file.staged, size, file.rows));
  }

  @Override
  public WriterCommitMessage commit() throws IOException {
    for (Map.Entry<String, OpenFile> e : new ArrayList<>(open.entrySet())) {
      finish(e.getKey(), e.getValue());
    }
    return new TaskFiles(partition, stagingDir, new ArrayList<>(done));
  }

  @Override
  public void abort() throws IOException {
    for (OpenFile file : open.values()) {
      try {
        file.file.close();
      } catch (IOException | RuntimeException e) {
        LOG.log(Level.DEBUG, "closing an aborted staged file " + file.staged + " failed", e);
      }
    }
    open.clear();
    HadoopFiles files = layout.files();
    HadoopFiles.call(() -> files.fs().delete(new Path(files.root(), stagingDir), true));
  }
}
