package io.millrace.runtime.job;

import io.millrace.api.AnalysisException;
import io.millrace.api.DataFrameReader;
import io.millrace.api.DataStreamReader;
import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Where a job's rows come from: one {@code source}, or named {@code sources}, each with its own
 * pipeline of stateless steps and watermark, joined by the top-level pipeline's first step,
 * {@code union: [a, b]}, {@code unionByName: [a, b]}, or {@code join: {left: a, right: b, on: ..,
 * type: ..}} for two streams, or a stream and a static table ({@code static: true}), joined on a
 * condition. The step names every source once; a job
 * with one named source needs none. The inputs are kept in the step's order (a join's left
 * first), which is the order the engine numbers the query's sources in (their lines in
 * {@code offsets/N}).
 */
final class JobSources {
  private static final Set<String> SOURCE = Set.of("format", "schema", "options");
  private static final Set<String> NAMED_SOURCE = Set.of("format", "schema", "options", "pipeline", "static");

  /** One source section of the file and the steps of its own pipeline. */
  record Input(YamlNode section, List<UnaryOperator<Dataset>> steps) {
    String format() {
      return section.fields.get("format").text;
    }

    /** {@code static: true}: a table read as {@code session.read()} does, the static side of a join. */
    boolean isStatic() {
      YamlNode flag = section.fields.get("static");
      return flag != null && flag.text.equals("true");
    }
  }

  private final JobFileReader reader;
  private final List<Input> inputs;
  private final boolean byName;
  private final int unionSteps;
  /** The join step's arguments, when the sources are joined rather than unioned. */
  private final YamlNode join;

  private JobSources(JobFileReader reader, List<Input> inputs, boolean byName, int unionSteps, YamlNode join) {
    this.reader = reader;
    this.inputs = inputs;
    this.byName = byName;
    this.unionSteps = unionSteps;
    this.join = join;
  }

  /** Reads and checks {@code source} or {@code sources} of {@code root}, and the pipeline's union step. */
  static JobSources read(JobFileReader reader, JobSteps steps, YamlNode root) {
    YamlNode single = given(root, "source");
    YamlNode named = given(root, "sources");
    Optional<YamlNode> union = unionStep(reader, steps, root.fields.get("pipeline"));
    if (single != null && named != null) {
      throw reader.error(named, "a job reads either one 'source' (line " + single.line + ") or named 'sources', not both");
    }
    if (named != null) {
      return named(reader, steps, named, union);
    }
    if (single == null) {
      throw reader.missing(root, "source", "a job reads one 'source', or named 'sources' joined by a union step", null);
    }
    if (union.isPresent()) {
      throw reader.error(union.get(), "a union joins named sources, and this job has one 'source'; to join several,"
          + " name them under 'sources' instead");
    }
    section(reader, single, SOURCE);
    return new JobSources(reader, List.of(new Input(single, List.of())), false, 0, null);
  }

  private static JobSources named(JobFileReader reader, JobSteps steps, YamlNode named, Optional<YamlNode> union) {
    if (named.kind != YamlNode.Kind.MAP) {
      throw reader.error(named, "expected a map from each source's name to its section (format, schema, options,"
          + " pipeline), found " + named.describe());
    }
    if (named.fields.isEmpty()) {
      throw reader.error(named, "no source is named; give at least one, such as 'sources: {clicks: {format: rate}}'");
    }
    Map<String, Input> declared = new LinkedHashMap<>();
    named.fields.forEach((name, section) -> {
      section(reader, section, NAMED_SOURCE);
      YamlNode flag = section.fields.get("static");
      if (flag != null && !Set.of("true", "false").contains(reader.text(flag))) {
        throw reader.error(flag, "'static' is true (a table read once, and again every options.refreshInterval, to"
            + " join a stream with) or false (a stream, the default); found '" + flag.text + "'");
      }
      declared.put(name, new Input(section, steps.perSource(section.fields.get("pipeline"))));
    });
    if (union.isEmpty()) {
      if (declared.size() > 1) {
        throw reader.error(named, declared.size() + " sources " + declared.keySet() + " need a union step: begin 'pipeline'"
            + " with '- union: [" + String.join(", ", declared.keySet()) + "]' (or unionByName, to match columns by name)");
      }
      return new JobSources(reader, List.copyOf(declared.values()), false, 0, null);
    }
    String kind = union.get().fields.keySet().iterator().next();
    if (kind.equals("join")) {
      YamlNode arg = union.get().fields.get(kind);
      return new JobSources(reader, joinInputs(reader, arg, declared, named), false, 1, arg);
    }
    for (Map.Entry<String, Input> e : declared.entrySet()) {
      if (e.getValue().isStatic()) {
        throw reader.error(named.fields.get(e.getKey()).fields.get("static"), "source '" + e.getKey() + "' is static:"
            + " a static table is only the side of a join with a stream, not a union's input");
      }
    }
    List<Input> inputs = unionInputs(reader, union.get().fields.get(kind), declared, named);
    return new JobSources(reader, inputs, kind.equals("unionByName"), 1, null);
  }

  /** A join step's two sources, left then right: {@code join: {left: a, right: b, on: "..", type: inner}}. */
  private static List<Input> joinInputs(JobFileReader reader, YamlNode arg, Map<String, Input> declared,
      YamlNode named) {
    reader.requireMap(arg);
    reader.allowOnly(arg, Set.of("left", "right", "on", "type"));
    reader.text(reader.require(arg, "on"));
    if (arg.fields.containsKey("type")) {
      reader.text(arg.fields.get("type"));
    }
    List<Input> inputs = new java.util.ArrayList<>();
    for (String side : List.of("left", "right")) {
      YamlNode node = reader.require(arg, side);
      String name = reader.text(node);
      if (!declared.containsKey(name)) {
        throw reader.error(node, "unknown source '" + name + "'; the sources are: " + String.join(", ", declared.keySet()));
      }
      if (!inputs.isEmpty() && inputs.get(0) == declared.get(name)) {
        throw reader.error(node, "source '" + name + "' is both sides of the join; a join reads two sources");
      }
      inputs.add(declared.get(name));
    }
    for (Map.Entry<String, Input> e : declared.entrySet()) {
      if (!inputs.contains(e.getValue())) {
        throw reader.error(named.fields.get(e.getKey()), "source '" + e.getKey() + "' is declared but the join does not"
            + " read it (a join reads two sources, its left and its right); remove it");
      }
    }
    return inputs;
  }

  /** The sources a union step names, in its order: each a declared one, named once, and every declared one named. */
  private static List<Input> unionInputs(JobFileReader reader, YamlNode arg, Map<String, Input> declared, YamlNode named) {
    List<YamlNode> items = arg.kind == YamlNode.Kind.LIST ? arg.items : List.of(arg);
    List<String> names = reader.texts(arg);
    if (names.isEmpty()) {
      throw reader.error(arg, "a union names the sources it joins, such as [" + String.join(", ", declared.keySet()) + "]");
    }
    Map<String, Input> inputs = new LinkedHashMap<>();
    for (int i = 0; i < names.size(); i++) {
      String name = names.get(i);
      if (!declared.containsKey(name)) {
        throw reader.error(items.get(i), "unknown source '" + name + "'; the sources are: "
            + String.join(", ", declared.keySet()));
      }
      if (inputs.put(name, declared.get(name)) != null) {
        throw reader.error(items.get(i), "source '" + name + "' is named twice; a union reads each source once");
      }
    }
    for (String name : declared.keySet()) {
      if (!inputs.containsKey(name)) {
        throw reader.error(named.fields.get(name), "source '" + name + "' is declared but the union does not read it"
            + " (it names " + String.join(", ", names) + "); add it to the union or remove it");
      }
    }
    return List.copyOf(inputs.values());
  }

  /**
   * The pipeline's union step, when it is the first step; a union step anywhere else is an
   * error, since the steps before it would have nothing to work on.
   */
  private static Optional<YamlNode> unionStep(JobFileReader reader, JobSteps steps, YamlNode pipeline) {
    List<YamlNode> items = steps.items(pipeline);
    for (int i = 0; i < items.size(); i++) {
      YamlNode step = items.get(i);
      if (step.kind == YamlNode.Kind.MAP && step.fields.size() == 1
          && JobSteps.UNIONS.contains(step.fields.keySet().iterator().next())) {
        if (i > 0) {
          throw JobSteps.unionNotFirst(reader, step);
        }
        return Optional.of(step);
      }
    }
    return Optional.empty();
  }

  private static YamlNode given(YamlNode map, String field) {
    YamlNode node = map.fields.get(field);
    return node == null || node.kind == YamlNode.Kind.NULL ? null : node;
  }

  /** Checks a source section's fields: a format, an optional schema, options of single values. */
  private static void section(JobFileReader reader, YamlNode section, Set<String> allowed) {
    reader.requireMap(section);
    reader.allowOnly(section, allowed);
    reader.text(reader.require(section, "format"));
    YamlNode schema = section.fields.get("schema");
    if (schema != null) {
      reader.text(schema);
    }
    reader.options(section);
  }

  /** How many items of the top-level pipeline the union took: its steps start after them. */
  int unionSteps() {
    return unionSteps;
  }

  /** The sources, read through their own pipelines and joined: the input of the top-level pipeline. */
  Dataset dataset(MillraceSession session) {
    if (join != null) {
      return joined(session);
    }
    Dataset joined = null;
    for (Input input : inputs) {
      Dataset ds = load(session, input);
      for (UnaryOperator<Dataset> step : input.steps()) {
        ds = step.apply(ds);
      }
      joined = joined == null ? ds : byName ? joined.unionByName(ds) : joined.union(ds);
    }
    return joined;
  }

  /** The join step's left source joined with its right on its condition; a bad condition named at {@code on}. */
  private Dataset joined(MillraceSession session) {
    Dataset[] sides = new Dataset[2];
    for (int i = 0; i < 2; i++) {
      Dataset ds = load(session, inputs.get(i));
      for (UnaryOperator<Dataset> step : inputs.get(i).steps()) {
        ds = step.apply(ds);
      }
      sides[i] = ds;
    }
    YamlNode on = join.fields.get("on");
    YamlNode type = join.fields.get("type");
    Dataset joined;
    try {
      joined = sides[0].join(sides[1], io.millrace.api.functions.expr(on.text), type == null ? "inner" : type.text);
      joined.schema(); // checks the condition and the type against the sources' schemas now, to name the field
    } catch (AnalysisException e) {
      throw reader.error(type != null && e.getMessage().contains("join type") ? type : on, e.getMessage());
    }
    return joined;
  }

  private Dataset load(MillraceSession session, Input input) {
    YamlNode section = input.section();
    YamlNode schema = section.fields.get("schema");
    String format = section.fields.get("format").text;
    Map<String, String> options = JobFileReader.values(reader.options(section));
    try {
      if (input.isStatic()) {
        DataFrameReader in = session.read().format(format).options(options);
        if (schema != null) {
          in.schema(schema.text);
        }
        return in.load();
      }
      DataStreamReader in = session.readStream().format(format).options(options);
      if (schema != null) {
        in.schema(schema.text);
      }
      return in.load();
    } catch (AnalysisException e) {
      if (schema != null && e.getMessage().startsWith("schema:")) {
        throw reader.error(schema, e.getMessage());
      }
      throw e;
    }
  }

  /**
   * The section of the query's source {@code index}, as the engine numbers them; with no index,
   * the only source, if the job has one.
   */
  Optional<YamlNode> section(OptionalInt index) {
    List<Input> streams = inputs.stream().filter(input -> !input.isStatic()).toList();
    if (index.isPresent()) {
      return index.getAsInt() < streams.size() ? Optional.of(streams.get(index.getAsInt()).section()) : Optional.empty();
    }
    return streams.size() == 1 ? Optional.of(streams.get(0).section()) : Optional.empty();
  }

  /** The section of the job's static table, if it has one (a join step has at most one). */
  Optional<YamlNode> staticSection() {
    return inputs.stream().filter(Input::isStatic).findFirst().map(Input::section);
  }

  /** The first source section whose format is {@code format}, as plugin names match: ignoring case. */
  Optional<YamlNode> withFormat(String format) {
    return inputs.stream().filter(input -> input.format().equalsIgnoreCase(format)).findFirst().map(Input::section);
  }
}
