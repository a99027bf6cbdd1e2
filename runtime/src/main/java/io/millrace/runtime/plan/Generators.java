package io.millrace.runtime.plan;

import io.millrace.api.AnalysisException;
import io.millrace.runtime.expr.Alias;
import io.millrace.runtime.expr.Expression;
import io.millrace.runtime.expr.GeneratorCall;
import io.millrace.runtime.expr.MultiAlias;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;

/**
 * Makes the generators of a select ({@code explode}, {@code json_tuple}, ..) operators of their
 * own, as Spark's analyzer does: each generator, left to right, becomes a {@code Generate} that
 * appends its columns to every row it makes of a row, so several generators make every
 * combination (the first varying slowest, as in Spark), and the select becomes a plain projection
 * of the widened rows. The input's columns keep their positions in the widened rows, so the
 * select's other columns evaluate there as they would over the input.
 */
final class Generators {

  private Generators() {
  }

  /** The select's input with its generators applied, and its columns over that input. */
  record Expanded(ResolvedPlan input, List<Expression> columns) {
  }

  /** Whether any column of a select is a generator, perhaps under an alias. */
  static boolean any(List<Expression> columns) {
    return columns.stream().anyMatch(c -> generatorOf(c) != null);
  }

  static Expanded expand(ResolvedPlan input, List<Expression> columns) {
    ResolvedPlan current = input;
    List<Expression> projected = new ArrayList<>(columns.size());
    int generated = 0;
    for (Expression column : columns) {
      GeneratorCall generator = generatorOf(column);
      if (generator == null) {
        projected.add(column);
        continue;
      }
      GeneratorCall.Bound bound = generator.bindGenerator(input.schema());
      // Spark's inferred filter matters only to a watermark (a row it drops makes no row anyway), and it
      // evaluates the collection a second time: add it only where a watermark observes the rows.
      if (generator.inferredFilter().isPresent() && current.eventTime().isPresent()) {
        Expression filter = generator.inferredFilter().get();
        current = Analyzer.filter(current, filter, filter.bind(current.schema()));
      }
      List<String> names = names(column, generator, bound.fields());
      Schema before = current.schema();
      List<Field> wide = new ArrayList<>(before.fields());
      for (int k = 0; k < names.size(); k++) {
        Field f = bound.fields().get(k);
        // a name no user column has, so that the select's own names still resolve as before
        wide.add(new Field("#generated" + generated + "." + k, f.type(), f.nullable()));
        projected.add(new ColumnAt(new Field(names.get(k), f.type(), f.nullable()), before.size() + k));
      }
      generated++;
      current = new ResolvedPlan.Stateless(current, "Generate", generator.toString(),
          RowPipeline.Step.of(appending(bound, before.size())), Schema.of(wide), current.eventTime(),
          ResolvedPlan.WatermarkRole.BARRIER);
    }
    return new Expanded(current, projected);
  }

  /** Each row the generator makes of a row: that row's values, then the generated ones. */
  private static RowPipeline.Generator appending(GeneratorCall.Bound generator, int inputWidth) {
    return (row, context, out) -> generator.generate(row, context, values -> {
      Object[] wide = new Object[inputWidth + values.length];
      for (int i = 0; i < inputWidth; i++) {
        wide[i] = row.get(i);
      }
      System.arraycopy(values, 0, wide, inputWidth, values.length);
      out.accept(Row.wrap(wide));
    });
  }

  /** The output names of a generator's columns: its alias or aliases, or the generator's own names. */
  private static List<String> names(Expression column, GeneratorCall generator, List<Field> fields) {
    List<String> given;
    if (column instanceof MultiAlias multi) {
      given = multi.names();
    } else if (column instanceof Alias alias) {
      given = List.of(alias.name());
    } else if (column instanceof Renamed renamed) {
      given = List.of(renamed.name);
    } else {
      return fields.stream().map(Field::name).toList();
    }
    if (given.size() != fields.size()) {
      throw new AnalysisException("the number of aliases in '" + column + "' does not match the number of columns "
          + generator + " makes: " + fields.size() + " (" + String.join(", ", fields.stream().map(Field::name).toList())
          + ") but got " + given.size() + (fields.size() > 1 ? "; name them all, as AS (" 
          + String.join(", ", fields.stream().map(Field::name).toList()) + ")" : ""));
    }
    return given;
  }

  /** The generator {@code column} is, alone or under an alias; null for any other expression. */
  private static GeneratorCall generatorOf(Expression column) {
    Expression inner = column instanceof Alias alias ? alias.child()
        : column instanceof MultiAlias multi ? multi.child()
        : column instanceof Renamed renamed ? renamed.value
        : column;
    return inner instanceof GeneratorCall g ? g : null;
  }
}
