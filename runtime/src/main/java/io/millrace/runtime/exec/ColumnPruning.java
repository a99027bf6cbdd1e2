package io.millrace.runtime.exec;

import io.millrace.runtime.plan.Analyzer;
import io.millrace.runtime.plan.LogicalPlan;
import io.millrace.runtime.plan.ResolvedPlan;
import io.millrace.runtime.plan.StaticTable;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.SourceCapability;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Asks each source that can prune columns ({@link SourceCapability#COLUMN_PRUNING}) to read only
 * the columns the query uses, as Spark pushes the columns a plan reads into its scans. A column
 * is used when the query without it no longer resolves, or resolves to another query: another
 * output, or a stateful operator with other keys or aggregates (a whole-row {@code dropDuplicates()}
 * keys on every column, even those a later select drops). The analyzer, which checks every name,
 * is the one judge of what an expression reads. A query that reads no column still reads the
 * first, so that its rows are counted. Sources are tried one at a time, the others whole, so a
 * union by position of two pruning sources keeps every column.
 */
final class ColumnPruning {
  private static final System.Logger LOG = System.getLogger(ColumnPruning.class.getName());

  private ColumnPruning() {
  }

  static void apply(LogicalPlan plan, List<LogicalPlan.SourceRelation> relations, List<SourceBinding> sources,
      Function<LogicalPlan.StaticRelation, StaticTable> statics) {
    if (sources.stream().noneMatch(s -> s.source.capabilities().contains(SourceCapability.COLUMN_PRUNING))) {
      return;
    }
    List<Schema> schemas = new ArrayList<>();
    sources.forEach(s -> schemas.add(s.source.schema()));
    String shape = shape(resolve(plan, relations, sources, schemas, statics));
    for (SourceBinding s : sources) {
      if (!s.source.capabilities().contains(SourceCapability.COLUMN_PRUNING)) {
        continue;
      }
      Schema whole = schemas.get(s.index);
      List<Field> used = new ArrayList<>();
      for (Field column : whole) {
        List<Schema> without = new ArrayList<>(schemas);
        without.set(s.index, Schema.of(whole.fields().stream().filter(f -> f != column).toList()));
        if (!resolvesTo(plan, relations, sources, without, shape, statics)) {
          used.add(column);
        }
      }
      if (used.isEmpty() && whole.size() > 0) {
        used.add(whole.field(0));
      }
      if (used.size() < whole.size()) {
        s.prune(Schema.of(used));
        LOG.log(System.Logger.Level.INFO, "source " + s.description + " reads " + used.size() + " of its "
            + whole.size() + " columns, the ones the query uses: " + Schema.of(used).names());
      }
    }
  }

  private static boolean resolvesTo(LogicalPlan plan, List<LogicalPlan.SourceRelation> relations,
      List<SourceBinding> sources, List<Schema> schemas, String shape,
      Function<LogicalPlan.StaticRelation, StaticTable> statics) {
    try {
      return shape(resolve(plan, relations, sources, schemas, statics)).equals(shape);
    } catch (RuntimeException e) {
      return false; // whatever stops the query from resolving without the column says it is used
    }
  }

  /** What must not change when a column goes: the output, and each stateful operator's keys and aggregates. */
  private static String shape(ResolvedPlan plan) {
    StringBuilder text = new StringBuilder(plan.schema().toString());
    stateful(plan, text);
    return text.toString();
  }

  private static void stateful(ResolvedPlan node, StringBuilder text) {
    if (node.stateful()) {
      text.append('\n').append(node.describe()); // its keys (a deduplication passes the other columns through)
    }
    node.children().forEach(child -> stateful(child, text));
  }

  private static ResolvedPlan resolve(LogicalPlan plan, List<LogicalPlan.SourceRelation> relations,
      List<SourceBinding> sources, List<Schema> schemas, Function<LogicalPlan.StaticRelation, StaticTable> statics) {
    Function<LogicalPlan.SourceRelation, ResolvedPlan.Source> source = relation -> {
      SourceBinding s = sources.get(SourceRelations.indexOf(relations, relation));
      return new ResolvedPlan.Source(s.index, s.name, schemas.get(s.index));
    };
    return Analyzer.resolve(plan, source, statics);
  }
}
