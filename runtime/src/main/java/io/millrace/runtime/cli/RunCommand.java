package io.millrace.runtime.cli;

import io.millrace.api.AnalysisException;
import io.millrace.api.MillraceSession;
import io.millrace.api.SinkTable;
import io.millrace.api.StreamingQuery;
import io.millrace.api.StreamingQueryListener;
import io.millrace.runtime.Settings;
import io.millrace.runtime.job.JobFile;
import io.millrace.runtime.plugin.PluginRegistry;
import io.millrace.spi.sink.ReadableSinkProvider;
import io.millrace.spi.sink.SinkProvider;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code millrace run JOB.yaml}: runs a job file and prints each batch's progress. */
@Command(name = "run", description = "Run a streaming job file; prints one line per batch.")
final class RunCommand implements Callable<Integer> {

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "JOB.yaml", description = "The job file.")
  Path job;

  @Option(names = "--max-batches", paramLabel = "N", description = "Stop after N batches (default: run until the trigger stops or Ctrl-C).")
  long maxBatches = -1;

  @Option(names = "--conf", paramLabel = "KEY=VALUE", description = "A session setting; wins over the job file's config.")
  Map<String, String> conf = new LinkedHashMap<>();

  @Option(names = "--plugins-dir", paramLabel = "DIR",
      description = "More plugins directories, after the distribution's plugins/ (default: $MILLRACE_PLUGINS_DIR, or the"
          + " job's " + Settings.PLUGINS_DIR + "); several are separated by the path separator.")
  Path pluginsDir;

  @Option(names = "--explain", description = "Print the query's logical and physical plans (with the stateful"
      + " operators' ids) and exit without running it.")
  boolean explain;

  @Option(names = "--json", description = "Print each batch's full progress as JSON instead of one line.")
  boolean json;

  @Option(names = "--show", arity = "0..1", paramLabel = "N", fallbackValue = "" + DEFAULT_SHOW_ROWS,
      description = "When the query stops, print up to N rows (default ${FALLBACK-VALUE}) of what the sink holds, read"
          + " back through the sink's provider and sorted by every column (sinks such as delta and memory).")
  Integer showRows;

  /** Rows read back for --show; the table is sorted in memory, so this bounds what is read. */
  private static final int MAX_ROWS_READ = 100_000;
  private static final int DEFAULT_SHOW_ROWS = 20;

  @Override
  public Integer call() {
    if (showRows != null && showRows < 1) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--show takes a number of rows of 1 or more; got " + showRows);
    }
    JobFile jobFile = JobFile.read(job);
    MillraceSession session;
    Map<String, String> settings = new LinkedHashMap<>(jobFile.config());
    // --plugins-dir (or the environment) adds to the job file's directories, as it adds to the distribution's.
    PluginDirectories.user(pluginsDir).ifPresent(dir -> settings.merge(Settings.PLUGINS_DIR, dir, PluginDirectories::join));
    settings.putAll(conf);
    Optional<String> dirs = PluginDirectories.withDistribution(Optional.ofNullable(settings.get(Settings.PLUGINS_DIR)));
    dirs.ifPresent(d -> settings.put(Settings.PLUGINS_DIR, d));
    try {
      if (showRows != null) {
        requireReadableSink(jobFile.sinkFormat(), settings);
      }
      session = MillraceSession.builder().config(settings).build();
    } catch (RuntimeException e) {
      throw jobFile.locate(e, settings);
    }
    PrintWriter out = spec.commandLine().getOut();
    if (explain) {
      try (session) {
        out.print(jobFile.explain(session));
        out.flush();
        return 0;
      }
    }
    try (StopOnSignal signal = StopOnSignal.install(out); session) {
      AtomicLong batches = new AtomicLong();
      StreamingQuery[] started = new StreamingQuery[1];
      session.streams().addListener(new StreamingQueryListener() {
        @Override
        public void onQueryStarted(QueryStartedEvent e) {
          out.printf("query %s started [id=%s] — end-to-end guarantee: %s%n",
              e.name() == null ? "(unnamed)" : e.name(), e.id(), e.deliveryGuarantee());
          e.overriddenSettings().forEach((k, v) -> out.printf("  pinned by the checkpoint: %s = %s%n", k, v));
          out.flush();
        }

        @Override
        public void onQueryProgress(QueryProgressEvent e) {
          out.println(json ? e.progress().json() : ProgressLine.of(e.progress()));
          out.flush();
          long ran = batches.incrementAndGet();
          if (maxBatches > 0 && ran >= maxBatches && started[0] != null) {
            started[0].stop();
          }
        }
      });
      StreamingQuery query = jobFile.start(session);
      started[0] = query;
      signal.started(query);
      if (maxBatches > 0 && batches.get() >= maxBatches) {
        query.stop();
      }
      query.awaitTermination();
      out.printf("query stopped%s; %d batch(es) ran%n", signal.stoppedBySignal() ? " on request" : "", batches.get());
      if (showRows != null) {
        SinkTable table = query.readSinkTable(Math.max(showRows, MAX_ROWS_READ)).sorted();
        out.printf("the sink holds %s%d row(s):%n", table.truncated() ? "more than " : "", table.rows().size());
        // Whole cells: a window reads as its start and end, which truncation would cut off.
        out.print(table.show(showRows, false));
      }
      out.flush();
      return 0;
    }
  }

  /**
   * {@code --show} reads the sink back when the query stops; a sink that cannot is refused
   * before the query starts, so no batch runs for a table that could not be shown.
   */
  private static void requireReadableSink(String format, Map<String, String> settings) {
    List<Path> pluginsDirs = Optional.ofNullable(settings.get(Settings.PLUGINS_DIR)).map(Settings::pluginsDirs).orElse(List.of());
    SinkProvider sink = PluginRegistry.load(Main.class.getClassLoader(), pluginsDirs).sink(format);
    if (!(sink instanceof ReadableSinkProvider)) {
      throw new AnalysisException("--show needs a sink that can read back what it wrote, such as delta or memory;"
          + " sink '" + format + "' (" + sink.getClass().getName() + ") cannot: its provider does not implement"
          + " ReadableSinkProvider");
    }
  }
}
