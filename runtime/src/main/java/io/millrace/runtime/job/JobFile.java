package io.millrace.runtime.job;

import io.millrace.api.AnalysisException;
import io.millrace.api.Column;
import io.millrace.api.DataStreamReader;
import io.millrace.api.DataStreamWriter;
import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.Trigger;
import io.millrace.runtime.expr.ExpressionParser;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
 * Every field is checked when the file is read; an error names the file, the line and the
 * field. An option a plugin rejects at start is traced back to its line too.
 */
public final class JobFile {
  private static final Set<String> TOP = Set.of("name", "source", "pipeline", "sink", "trigger", "checkpointLocation", "config");
  private static final Set<String> SOURCE = Set.of("format", "schema", "options");
  private static final Set<String> SINK = Set.of("format", "outputMode", "options");
  private static final Set<String> STEPS =
      Set.of("filter", "where", "select", "selectExpr", "withColumn", "drop", "withColumnRenamed", "groupBy",
          "withWatermark", "dropDuplicates", "dropDuplicatesWithinWatermark");

  private final String file;
  private final YamlNode root;
  private final Optional<String> name;
  private final YamlNode sourceNode;
  private final List<UnaryOperator<Dataset>> steps;
  private final YamlNode sinkNode;
  private final Trigger trigger;
  private final Optional<String> checkpointLocation;
  private final Map<String, String> config;
  private final Map<String, YamlNode> sourceOptions;
  private final Map<String, YamlNode> sinkOptions;
  private final Map<String, YamlNode> triggerOptions;
  private final JobFileReader reader;

  private JobFile(String file, YamlNode root) {
    this.file = file;
    this.root = root;
    this.reader = new JobFileReader(file);
    reader.allowOnly(root, TOP);
    this.name = Optional.ofNullable(root.fields.get("name")).map(reader::text);
    this.sourceNode = reader.requireMap(reader.require(root, "source"));
    reader.allowOnly(sourceNode, SOURCE);
    reader.text(reader.require(sourceNode, "format"));
    this.sourceOptions = options(sourceNode);
    this.steps = pipeline(root.fields.get("pipeline"));
    this.sinkNode = reader.requireMap(reader.require(root, "sink"));
    reader.allowOnly(sinkNode, SINK);
    reader.text(reader.require(sinkNode, "format"));
    this.sinkOptions = options(sinkNode);
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

  private Map<String, YamlNode> options(YamlNode parent) {
    YamlNode node = parent.fields.get("options");
    if (node == null) {
      return Map.of();
    }
    Map<String, YamlNode> out = new LinkedHashMap<>();
    reader.requireMap(node).fields.forEach((k, v) -> {
      reader.text(v);
      out.put(k, v);
    });
    return out;
  }

  private static Map<String, String> values(Map<String, YamlNode> nodes) {
    Map<String, String> out = new LinkedHashMap<>();
    nodes.forEach((k, v) -> out.put(k, v.text));
    return out;
  }

  private List<UnaryOperator<Dataset>> pipeline(YamlNode node) {
    List<UnaryOperator<Dataset>> out = new ArrayList<>();
    if (node == null || node.kind == YamlNode.Kind.NULL) {
      return out;
    }
    if (node.kind != YamlNode.Kind.LIST) {
      throw reader.error(node, "expected a list of steps such as '- filter: \"amount > 0\"', found " + node.describe());
    }
    for (YamlNode step : node.items) {
      reader.requireMap(step);
      if (step.fields.size() != 1) {
        throw reader.error(step, "each step has exactly one of: " + String.join(", ", new java.util.TreeSet<>(STEPS)));
      }
      reader.allowOnly(step, STEPS);
      String kind = step.fields.keySet().iterator().next();
      out.add(step(kind, step.fields.get(kind)));
    }
    return out;
  }

  private UnaryOperator<Dataset> step(String kind, YamlNode arg) {
    switch (kind) {
      case "filter":
      case "where": {
        String condition = reader.text(arg);
        checkExpression(arg, condition, false);
        return ds -> ds.filter(condition);
      }
      case "select":
      case "selectExpr": {
        List<String> exprs = reader.texts(arg);
        if (exprs.isEmpty()) {
          throw reader.error(arg, "select needs at least one column");
        }
        for (String e : exprs) {
          checkExpression(arg, e, true);
        }
        return ds -> ds.selectExpr(exprs.toArray(new String[0]));
      }
      case "withColumn": {
        reader.requireMap(arg);
        reader.allowOnly(arg, Set.of("name", "expr"));
        String column = reader.text(reader.require(arg, "name"));
        YamlNode exprNode = reader.require(arg, "expr");
        String expr = reader.text(exprNode);
        checkExpression(exprNode, expr, false);
        return ds -> ds.withColumn(column, io.millrace.api.functions.expr(expr));
      }
      case "groupBy": {
        reader.requireMap(arg);
        reader.allowOnly(arg, Set.of("columns", "agg"));
        YamlNode columnsNode = reader.require(arg, "columns");
        YamlNode aggNode = reader.require(arg, "agg");
        List<String> columns = reader.texts(columnsNode);
        List<String> aggregates = reader.texts(aggNode);
        if (aggregates.isEmpty()) {
          throw reader.error(aggNode, "agg needs at least one aggregate such as \"count(*) AS n\"");
        }
        for (String c : columns) {
          checkExpression(columnsNode, c, true);
        }
        for (String a : aggregates) {
          checkExpression(aggNode, a, true);
        }
        return ds -> {
          Column[] keys = columns.stream().map(c -> new Column(ExpressionParser.parseNamedExpression(c))).toArray(Column[]::new);
          Column[] aggs = aggregates.stream().map(a -> new Column(ExpressionParser.parseNamedExpression(a))).toArray(Column[]::new);
          return ds.groupBy(keys).agg(aggs[0], java.util.Arrays.copyOfRange(aggs, 1, aggs.length));
        };
      }
      case "withWatermark": {
        reader.requireMap(arg);
        reader.allowOnly(arg, Set.of("column", "delay"));
        String column = reader.text(reader.require(arg, "column"));
        YamlNode delayNode = reader.require(arg, "delay");
        String delay = reader.text(delayNode);
        try {
          io.millrace.spi.Options.parseDuration(delay);
        } catch (IllegalArgumentException e) {
          throw reader.error(delayNode, e.getMessage());
        }
        return ds -> ds.withWatermark(column, delay);
      }
      case "dropDuplicates": {
        List<String> columns = arg.kind == YamlNode.Kind.NULL ? List.of() : reader.texts(arg);
        return ds -> ds.dropDuplicates(columns.toArray(new String[0]));
      }
      case "dropDuplicatesWithinWatermark": {
        List<String> columns = arg.kind == YamlNode.Kind.NULL ? List.of() : reader.texts(arg);
        return ds -> ds.dropDuplicatesWithinWatermark(columns.toArray(new String[0]));
      }
      case "drop": {
        List<String> columns = reader.texts(arg);
        return ds -> ds.drop(columns.toArray(new String[0]));
      }
      default: {
        reader.requireMap(arg);
        reader.allowOnly(arg, Set.of("from", "to"));
        String from = reader.text(reader.require(arg, "from"));
        String to = reader.text(reader.require(arg, "to"));
        return ds -> ds.withColumnRenamed(from, to);
      }
    }
  }

  private void checkExpression(YamlNode node, String text, boolean named) {
    try {
      if (named) {
        ExpressionParser.parseNamedExpression(text);
      } else {
        ExpressionParser.parseExpression(text);
      }
    } catch (AnalysisException e) {
      throw reader.error(node, e.getMessage());
    }
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
    return Trigger.of(policy, values(triggerOptions));
  }

  /** The job's source and pipeline as a dataset of {@code session}, not started. */
  public Dataset dataset(MillraceSession session) {
    DataStreamReader in = session.readStream().format(sourceNode.fields.get("format").text)
        .options(values(sourceOptions));
    YamlNode schema = sourceNode.fields.get("schema");
    if (schema != null) {
      try {
        in.schema(reader.text(schema));
      } catch (AnalysisException e) {
        throw reader.error(schema, e.getMessage());
      }
    }
    Dataset ds = in.load();
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
          .options(values(sinkOptions)).trigger(trigger);
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
    return new ErrorLocator(file, reader, root).locate(error, settings);
  }
}
