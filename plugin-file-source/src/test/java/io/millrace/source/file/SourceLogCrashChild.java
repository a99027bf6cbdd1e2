package io.millrace.source.file;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.Source;
import io.millrace.tck.TckStorage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The child JVM of {@link SourceLogCrashTest}: the file source driven as the engine drives it,
 * with the engine's own logs kept here in files. Per batch N: {@code latestOffset}, then
 * {@code driver/offsets/N} (the write-ahead record), reading {@code (start, end]} into
 * {@code driver/out/N} (an idempotent sink: a replay must produce the same rows, or the child
 * exits 5), {@code driver/commits/N}, and {@code commit(end)}. A start resumes like the engine:
 * after the last committed batch, or by running the last uncommitted one again with its recorded
 * offsets. Arguments: input directory, work directory, and optionally a
 * {@link HaltingStorage.Step} and n, to halt the JVM at the n-th such step of the source log.
 */
public final class SourceLogCrashChild {
  static final int MIN_BATCHES_TO_RETAIN = 2;
  static final Map<String, String> OPTIONS = Map.of("compactInterval", "2", "maxFilesPerTrigger", "1",
      "maxFileAge", "30s");

  private final Source source;
  private final Path offsets;
  private final Path commits;
  private final Path out;

  private SourceLogCrashChild(Source source, Path work) throws Exception {
    this.source = source;
    this.offsets = Files.createDirectories(work.resolve("driver/offsets"));
    this.commits = Files.createDirectories(work.resolve("driver/commits"));
    this.out = Files.createDirectories(work.resolve("driver/out"));
  }

  public static void main(String[] args) throws Exception {
    Path input = Path.of(args[0]);
    Path work = Path.of(args[1]);
    HaltingStorage.Step step = args.length > 2 ? HaltingStorage.Step.valueOf(args[2]) : null;
    int nth = args.length > 3 ? Integer.parseInt(args[3]) : 0;
    Map<String, String> options = new java.util.HashMap<>(OPTIONS);
    options.put("path", input.toString());
    Source source = new FileSourceProvider().create(new TestContext(options,
        Optional.of(Schema.parse(JsonLinesDir.SCHEMA)), work.resolve("log").toUri(),
        uri -> step == null ? TckStorage.forUri(uri) : new HaltingStorage(TckStorage.forUri(uri), step, nth),
        MIN_BATCHES_TO_RETAIN));
    new SourceLogCrashChild(source, work).run();
    System.exit(step == null ? 0 : 3); // 3: the halt did not happen
  }

  private void run() throws Exception {
    long last = newest(offsets);
    Offset committed = source.initialOffset();
    long next = 0;
    if (last >= 0 && Files.exists(commits.resolve(Long.toString(last)))) {
      committed = offset(last);
      source.commit(committed); // the last run may have stopped between commits/N and telling the source
      next = last + 1;
    } else if (last >= 0) {
      Offset start = last == 0 ? source.initialOffset() : offset(last - 1);
      committed = runBatch(last, start, offset(last));
      next = last + 1;
    }
    while (true) {
      Offset end = source.latestOffset(committed, source.defaultReadLimit());
      if (end.json().equals(committed.json())) {
        return;
      }
      Files.writeString(offsets.resolve(Long.toString(next)), end.json());
      committed = runBatch(next++, committed, end);
    }
  }

  private Offset runBatch(long batch, Offset start, Offset end) throws Exception {
    List<String> ids = new ArrayList<>();
    for (Row row : TestSources.read(source, start, end)) {
      ids.add(row.get(1).toString());
    }
    Path output = out.resolve(Long.toString(batch));
    String text = String.join("\n", ids);
    if (Files.exists(output) && !Files.readString(output).equals(text)) {
      System.err.println("batch " + batch + " replayed other rows: " + text + " instead of " + Files.readString(output));
      System.exit(5);
    }
    Files.writeString(output, text);
    Files.writeString(commits.resolve(Long.toString(batch)), "");
    source.commit(end);
    return end;
  }

  private Offset offset(long batch) throws Exception {
    return source.deserializeOffset(Files.readString(offsets.resolve(Long.toString(batch))));
  }

  private static long newest(Path dir) throws Exception {
    try (Stream<Path> files = Files.list(dir)) {
      return files.mapToLong(p -> Long.parseLong(p.getFileName().toString())).max().orElse(-1);
    }
  }
}
