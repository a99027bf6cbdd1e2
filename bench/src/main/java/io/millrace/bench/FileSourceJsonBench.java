package io.millrace.bench;

import io.millrace.spi.Options;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.InputPartition;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.PartitionReader;
import io.millrace.spi.source.ReadLimit;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceContext;
import io.millrace.spi.source.SourceProvider;
import io.millrace.spi.storage.Storage;
import io.millrace.spi.storage.StorageProvider;
import java.io.IOException;
import java.io.Writer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The {@code file} source's JSON-lines reader alone, on one thread: rows per second reading one
 * baseline-shaped file of 50,000 lines ({@code {"ts":"2026-09-14T23:59:57.067Z","id":0,
 * "key":"k07953","amount":208.79}}, schema {@code ts TIMESTAMP, id BIGINT, key STRING, amount
 * DOUBLE}) through {@code createReader}: line splitting, Jackson's streaming parser, timestamp
 * parsing and row building, from the local {@code file:} storage (the file stays in the page
 * cache). Each operation is one row.
 *
 * <p>By default the file is generated in the same shape as {@code ../shared/spark-baseline}'s
 * DataGen; {@code -p file=/tmp/spark-baseline/data/bench/input/part-00000.json} reads a real
 * baseline file instead. The source is found by ServiceLoader, so this class compiles against
 * the SPI alone; at run time the file source jar must be on the class path.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = {"-Xms1g", "-Xmx1g"})
@State(Scope.Benchmark)
public class FileSourceJsonBench {
  static final int ROWS = 50_000;
  static final String SCHEMA = "ts TIMESTAMP, id BIGINT, key STRING, amount DOUBLE";
  /** DataGen's timestamp shape: always three fraction digits and a literal Z. */
  static final DateTimeFormatter TS = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

  /** A baseline input file to read; empty to generate one. */
  @Param({""})
  public String file;

  private Path scratch;
  private Source source;
  private InputPartition partition;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    scratch = Files.createTempDirectory("millrace-file-source-bench");
    Path input = scratch.resolve("input");
    Files.createDirectories(input);
    if (file.isEmpty()) {
      generate(input.resolve("part-00000.json"));
    } else {
      Files.copy(Path.of(file), input.resolve("part-00000.json"));
    }
    source = provider().create(new Context(input.toString(), scratch.resolve("sources/0").toUri()));
    Offset end = source.latestOffset(source.initialOffset(), ReadLimit.allAvailable());
    List<InputPartition> partitions = source.planInputPartitions(source.initialOffset(), end);
    if (partitions.size() != 1) {
      throw new IllegalStateException("expected one partition for one file, got " + partitions);
    }
    partition = partitions.get(0);
    long rows = readAll(null);
    if (rows != ROWS) {
      throw new IllegalStateException("the input file has " + rows + " rows; the benchmark counts " + ROWS);
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    source.close();
    try (Stream<Path> paths = Files.walk(scratch)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  @Benchmark
  @OperationsPerInvocation(ROWS)
  public long readFile(Blackhole blackhole) throws IOException {
    return readAll(blackhole);
  }

  /** Reads the file once; {@code blackhole} may be null (in set-up, to count the rows). */
  private long readAll(Blackhole blackhole) throws IOException {
    long rows = 0;
    try (PartitionReader reader = source.createReader(partition)) {
      while (reader.next()) {
        Row row = reader.get();
        if (blackhole != null) {
          blackhole.consume(row);
        }
        rows++;
      }
    }
    return rows;
  }

  /** 50,000 lines shaped like DataGen's: ts with jitter, id = line, key k00000..k09999, amount in cents. */
  static void generate(Path path) throws IOException {
    SplittableRandom random = new SplittableRandom(42);
    long start = Instant.parse("2026-09-15T00:00:00Z").toEpochMilli();
    try (Writer out = Files.newBufferedWriter(path, StandardCharsets.US_ASCII)) {
      for (int g = 0; g < ROWS; g++) {
        long ts = start + g - random.nextLong(5_000);
        int cents = random.nextInt(100_000);
        out.write("{\"ts\":\"" + TS.format(Instant.ofEpochMilli(ts)) + "\",\"id\":" + g + ",\"key\":\""
            + String.format("k%05d", random.nextInt(10_000)) + "\",\"amount\":" + (cents / 100) + "."
            + String.format("%02d", cents % 100) + "}\n");
      }
    }
  }

  private static SourceProvider provider() {
    for (SourceProvider p : ServiceLoader.load(SourceProvider.class)) {
      if (p.name().equalsIgnoreCase("file")) {
        return p;
      }
    }
    throw new IllegalStateException("no source named 'file' on the class path: add "
        + "io.millrace:millrace-plugin-file-source to bench/pom.xml");
  }

  /** What the runtime would hand the source: its options, the schema, the local storage. */
  private static final class Context implements SourceContext {
    private final Options options;
    private final URI metadataPath;

    Context(String path, URI metadataPath) {
      this.options = Options.of("source 'file'", Map.of("path", path, "format", "json"));
      this.metadataPath = metadataPath;
    }

    @Override
    public Options options() {
      return options;
    }

    @Override
    public String queryId() {
      return "bench";
    }

    @Override
    public Storage storage(URI uri) throws IOException {
      for (StorageProvider p : ServiceLoader.load(StorageProvider.class)) {
        if (p.schemes().contains(uri.getScheme())) {
          return p.open(uri, Options.empty("storage"));
        }
      }
      throw new IOException("no storage serves " + uri.getScheme() + ":");
    }

    @Override
    public Optional<Schema> userSchema() {
      return Optional.of(Schema.parse(SCHEMA));
    }

    @Override
    public URI metadataPath() {
      return metadataPath;
    }
  }
}
