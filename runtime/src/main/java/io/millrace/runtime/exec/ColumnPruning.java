package io.millrace.runtime.exec;

import io.millrace.api.AnalysisException;
import io.millrace.runtime.plan.Analyzer;
import io.millrace.runtime.plan.LogicalPlan;
import io.millrace.runtime.plan.ResolvedPlan;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.SourceCapability;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Asks each source that can prune columns ({@link SourceCapability#COLUMN_PRUNING}) to read only
 * the columns the query uses, as Spark pushes the columns a plan reads into its scans. A column
 * is used when the query without it no longer resolves, or resolves to another output (it is
 * selected, or it is a key of a whole-row operator): the analyzer, which checks every name, is
 * the one judge of what an expression reads. A query that reads no column still reads the first,
 * so that its rows are counted.
 */
final class ColumnPruning {

  private ColumnPruning() {
  }

  static void apply(LogicalPlan plan, List<LogicalPlan.SourceRelation> relations, List<SourceBinding> sources) {
    if (sources.stream().noneMatch(s -> s.source.capabilities().contains(SourceCapability.COLUMN_PRUNING))) {
      return;
    }
    List<Schema> schemas = new ArrayList<>();
    sources.forEach(s -> schemas.add(s.source.schema()));
    Schema output = resolve(plan, relations, sources, schemas).schema();
    for (SourceBinding s : sources) {
      if (!s.source.capabilities().contains(SourceCapability.COLUMN_PRUNING)) {
        continue;
      }
      Schema whole = schemas.get(s.index);
      List<Field> used = new ArrayList<>();
      for (Field column : whole) {
        List<Schema> without = new ArrayList<>(schemas);
        without.set(s.index, Schema.of(whole.fields().stream().filter(f -> f != column).toList()));
        if (!resolvesTo(plan, relations, sources, without, output)) {
          used.add(column);
        }
      }
      if (used.isEmpty() && whole.size() > 0) {
        used.add(whole.field(0));
      }
      if (used.size() < whole.size()) {
        s.source.pruneColumns(Schema.of(used));
      }
    }
  }

  private static boolean resolvesTo(LogicalPlan plan, List<LogicalPlan.SourceRelation> relations,
      List<SourceBinding> sources, List<Schema> schemas, Schema output) {
    try {
      return resolve(plan, relations, sources, schemas).schema().equals(output);
    } catch (AnalysisException | IllegalArgumentException e) {
      return false;
    }
  }

  private static ResolvedPlan resolve(LogicalPlan plan, List<LogicalPlan.SourceRelation> relations,
      List<SourceBinding> sources, List<Schema> schemas) {
    Function<LogicalPlan.SourceRelation, ResolvedPlan.Source> source = relation -> {
      SourceBinding s = sources.get(SourceRelations.indexOf(relations, relation));
      return new ResolvedPlan.Source(s.index, s.name, schemas.get(s.index));
    };
    return Analyzer.resolve(plan, source);
  }
}
