package io.millrace.runtime.job;

import io.millrace.api.AnalysisException;
import io.millrace.api.DataStreamWriter;
import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.Trigger;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * A streaming job described in YAML, for {@code millrace run}:
 * <pre>
 * name: rate-demo
 * source:   {format: rate, options: {rowsPerSecond: 5}}
 * pipeline:
 *   - filter: "value % 2 = 0"
 *   - withColumn: {name: doubled, expr: "value * 2"}
 *   - select: [timestamp, value, doubled]
 *   - withWatermark: {column: timestamp, delay: 10 seconds}
 *   - groupBy: {columns: ["window(timestamp, '5 seconds')", bucket], agg: ["count(*) AS n", "avg(value) AS mean"]}
 *   # also: dropDuplicates: [cols], dropDuplicatesWithinWatermark: [cols]
 * sink:     {format: console, outputMode: append}
 * trigger:  {policy: processingTime, interval: 1 second}
 * checkpointLocation: target/checkpoints/rate-demo
 * config:   {millrace.shuffle.partitions: 4}
 * </pre>
 * Several sources are named under {@code sources}, each with its own stateless {@code pipeline}
 * (where a per-stream watermark goes), and joined by the top-level pipeline's first step:
 * <pre>
 * sources:
 *   clicks: {format: rate, pipeline: [{withWatermark: {column: timestamp, delay: 10 seconds}}]}
 *   views:  {format: rate, pipeline: [{withWatermark: {column: timestamp, delay: 20 seconds}}]}
 * pipeline:
 *   - union: [clicks, views]        # or unionByName: [clicks, views]
 *   # or, for two streams joined on a condition:
 *   # - join: {left: views, right: clicks, on: "clickId = viewId AND ...", type: leftOuter}
 * </pre>
 * Every field is checked when the file is read; an error names the file, the line and the
 * field. An option a plugin rejects at start is traced back to its line too.
 */
public final class JobFile {
  private static final Set<String> TOP =
      Set.of("name", "source", "sources", "pipeline", "sink", "trigger", "checkpointLocation", "config");
  private static final Set<String> SINK = Set.of("format", "outputMode", "options");

  private final String file;
  private final YamlNode root;
  private final Optional<String> name;
  private final JobSources sources;
  private final List<UnaryOperator<Dataset>> steps;
  private final YamlNode sinkNode;
  private final Trigger trigger;
  private final Optional<String> checkpointLocation;
  private final Map<String, String> config;
  private final Map<String, YamlNode> sinkOptions;
  private final Map<String, YamlNode> triggerOptions;
  private final JobFileReader reader;

  private JobFile(String file, YamlNode root) {
    this.file = file;
    this.root = root;
    this.reader = new JobFileReader(file);
    reader.allowOnly(root, TOP);
    this.name = Optional.ofNullable(root.fields.get("name")).map(reader::text);
    JobSteps pipeline = new JobSteps(reader);
    this.sources = JobSources.read(reader, pipeline, root);
    this.steps = pipeline.topLevel(root.fields.get("pipeline"), sources.unionSteps());
    this.sinkNode = reader.requireMap(reader.require(root, "sink"));
    reader.allowOnly(sinkNode, SINK);
    reader.text(reader.require(sinkNode, "format"));
    this.sinkOptions = reader.options(sinkNode);
    this.triggerOptions = new LinkedHashMap<>();
    this.trigger = trigger(root.fields.get("trigger"));
    this.checkpointLocation = Optional.ofNullable(root.fields.get("checkpointLocation")).map(reader::text);
    this.config = new LinkedHashMap<>();
    YamlNode conf = root.fields.get("config");
    if (conf != null) {
      reader.requireMap(conf).fields.forEach((k, v) -> config.put(k, reader.text(v)));
    }
  }

  /** Reads and checks a job file. */
  public static JobFile read(Path path) {
    try (Reader text = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
      return new JobFile(path.toString(), new JobFileReader(path.toString()).read(text));
    } catch (IOException e) {
      throw new JobFileException("cannot read job file " + path + ": " + e.getMessage(), e);
    }
  }

  /** Reads a job from text; {@code file} is the name errors use. */
  public static JobFile parse(String file, String yaml) {
    return new JobFile(file, new JobFileReader(file).read(new StringReader(yaml)));
  }

  /** As {@link #parse(String, String)}, with {@code ${NAME}} read from {@code environment}. */
  static JobFile parse(String file, String yaml, java.util.function.UnaryOperator<String> environment) {
    return new JobFile(file, new JobFileReader(file, environment).read(new StringReader(yaml)));
  }

  public Optional<String> name() {
    return name;
  }

  /** The job's {@code config} section: session settings. */
  public Map<String, String> config() {
    return config;
  }

  /** The sink plugin's name, {@code sink.format}. */
  public String sinkFormat() {
    return sinkNode.fields.get("format").text;
  }

  private Trigger trigger(YamlNode node) {
    if (node == null || node.kind == YamlNode.Kind.NULL) {
      return Trigger.defaultTrigger();
    }
    if (node.kind == YamlNode.Kind.SCALAR) {
      return Trigger.of(node.text, Map.of());
    }
    reader.requireMap(node);
    String policy = reader.text(reader.require(node, "policy"));
    node.fields.forEach((k, v) -> {
      if (!k.equals("policy")) {
        reader.text(v);
        triggerOptions.put(k, v);
      }
    });
    return Trigger.of(policy, JobFileReader.values(triggerOptions));
  }

  /** The job's sources and pipeline as a dataset of {@code session}, not started. */
  public Dataset dataset(MillraceSession session) {
    Dataset ds = sources.dataset(session);
    for (UnaryOperator<Dataset> step : steps) {
      ds = step.apply(ds);
    }
    return ds;
  }

  /** The logical and physical plans of the job's query, as {@code millrace run --explain} prints them. */
  public String explain(MillraceSession session) {
    try {
      return dataset(session).explainString();
    } catch (RuntimeException e) {
      throw locate(e, session.conf());
    }
  }

  /**
   * Builds the query in {@code session} and starts it. A plugin's complaint about one of its
   * options is reported with the option's line in this file.
   */
  public StreamingQuery start(MillraceSession session) {
    try {
      Dataset ds = dataset(session);
      DataStreamWriter out = ds.writeStream().format(sinkNode.fields.get("format").text)
          .options(JobFileReader.values(sinkOptions)).trigger(trigger);
      YamlNode mode = sinkNode.fields.get("outputMode");
      if (mode != null) {
        try {
          out.outputMode(reader.text(mode));
        } catch (AnalysisException e) {
          throw reader.error(mode, e.getMessage());
        }
      }
      name.ifPresent(out::queryName);
      checkpointLocation.ifPresent(c -> out.option("checkpointLocation", c));
      return out.start();
    } catch (RuntimeException e) {
      throw locate(e, session.conf());
    }
  }

  /**
   * {@code error}, raised while this job was read into a session or started, as an error that
   * names the field of this file it comes from; {@code error} itself when it comes from
   * elsewhere. {@code settings} are the session's, to tell this file's {@code config} from
   * settings that overrode it.
   */
  public RuntimeException locate(RuntimeException error, Map<String, String> settings) {
    return new ErrorLocator(file, reader, root, sources).locate(error, settings);
  }
}
