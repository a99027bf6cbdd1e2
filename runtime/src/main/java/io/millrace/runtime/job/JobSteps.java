package io.millrace.runtime.job;

import io.millrace.api.AnalysisException;
import io.millrace.api.Column;
import io.millrace.api.Dataset;
import io.millrace.runtime.expr.ExpressionParser;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;

/**
 * Reads a job file's pipeline steps into dataset transformations, checking each step's fields
 * and expressions as it goes. The top-level pipeline takes every step; a named source's own
 * pipeline only the stateless ones and {@code withWatermark}, since what keeps state runs after
 * the sources are joined.
 */
final class JobSteps {
  /** Steps a named source's own pipeline may have. */
  private static final Set<String> PER_SOURCE =
      Set.of("filter", "where", "select", "selectExpr", "withColumn", "drop", "withColumnRenamed", "withWatermark");
  /** Steps that keep state: only the top-level pipeline has them. */
  private static final Set<String> STATEFUL = Set.of("groupBy", "dropDuplicates", "dropDuplicatesWithinWatermark");
  /** Steps that join the named sources: the first step of the top-level pipeline, if any. */
  static final Set<String> UNIONS = Set.of("union", "unionByName", "join");

  private final JobFileReader reader;

  JobSteps(JobFileReader reader) {
    this.reader = reader;
  }

  /** The steps of the top-level {@code pipeline} from its item {@code from} on (after a union step). */
  List<UnaryOperator<Dataset>> topLevel(YamlNode pipeline, int from) {
    List<UnaryOperator<Dataset>> out = new ArrayList<>();
    List<YamlNode> items = items(pipeline);
    for (YamlNode step : items.subList(from, items.size())) {
      String kind = kind(step);
      if (UNIONS.contains(kind)) {
        throw unionNotFirst(reader, step);
      }
      out.add(step(kind, step.fields.get(kind)));
    }
    return out;
  }

  static JobFileException unionNotFirst(JobFileReader reader, YamlNode step) {
    String kind = step.fields.keySet().iterator().next();
    return reader.error(step, kind + " must be the first step of the pipeline: it joins the named sources, and every"
        + " other step works on what it joined");
  }

  /** The steps of a named source's own {@code pipeline}. */
  List<UnaryOperator<Dataset>> perSource(YamlNode pipeline) {
    List<UnaryOperator<Dataset>> out = new ArrayList<>();
    for (YamlNode step : items(pipeline)) {
      String kind = kind(step);
      if (STATEFUL.contains(kind) || UNIONS.contains(kind)) {
        throw reader.error(step, kind + " goes in the top-level pipeline"
            + (STATEFUL.contains(kind) ? ", after the union or join" : "")
            + "; a source's own pipeline takes " + String.join(", ", new TreeSet<>(PER_SOURCE)));
      }
      out.add(step(kind, step.fields.get(kind)));
    }
    return out;
  }

  /** The items of a pipeline, which may be absent or empty. */
  List<YamlNode> items(YamlNode node) {
    if (node == null || node.kind == YamlNode.Kind.NULL) {
      return List.of();
    }
    if (node.kind != YamlNode.Kind.LIST) {
      throw reader.error(node, "expected a list of steps such as '- filter: \"amount > 0\"', found " + node.describe());
    }
    return node.items;
  }

  /** The one field of a step: what kind of step it is. */
  private String kind(YamlNode step) {
    Set<String> all = new TreeSet<>(PER_SOURCE);
    all.addAll(STATEFUL);
    all.addAll(UNIONS);
    reader.requireMap(step);
    if (step.fields.size() != 1) {
      throw reader.error(step, "each step has exactly one of: " + String.join(", ", all));
    }
    reader.allowOnly(step, all);
    return step.fields.keySet().iterator().next();
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
      case "groupBy":
        return groupBy(arg);
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

  private UnaryOperator<Dataset> groupBy(YamlNode arg) {
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
      Column[] keys = columns.stream().map(c -> io.millrace.api.functions.expr(c)).toArray(Column[]::new);
      Column[] aggs = aggregates.stream().map(a -> io.millrace.api.functions.expr(a)).toArray(Column[]::new);
      return ds.groupBy(keys).agg(aggs[0], Arrays.copyOfRange(aggs, 1, aggs.length));
    };
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
}
