package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code inline} and {@code inline_outer}: a row per struct of an array of structs, its fields as
 * columns. A null struct makes a row of nulls; a null or empty array none, or with
 * {@code _outer} one row of nulls.
 */
final class Inline extends GeneratorCall {
  private final boolean outer;

  private Inline(String name, Expression structs, boolean outer) {
    super(name, List.of(structs));
    this.outer = outer;
  }

  static Inline inline(List<Expression> a) {
    return new Inline("inline", a.get(0), false);
  }

  static Inline inlineOuter(List<Expression> a) {
    return new Inline("inline_outer", a.get(0), true);
  }

  @Override
  public Optional<Expression> inferredFilter() {
    return outer ? Optional.empty() : Optional.of(hasElements(args.get(0)));
  }

  @Override
  public Bound bindGenerator(Schema input) {
    BoundExpression structs = args.get(0).bind(input);
    DataType type = structs.type();
    if (type.kind() != DataType.Kind.ARRAY || type.elementType().kind() != DataType.Kind.STRUCT) {
      throw wrongArgument("an ARRAY of STRUCTs", args.get(0), structs);
    }
    List<Field> fields = new ArrayList<>();
    for (Field f : type.elementType().fields().fields()) {
      fields.add(new Field(f.name(), f.type(), true));
    }
    int width = fields.size();
    return new Bound() {
      @Override
      public List<Field> fields() {
        return fields;
      }

      @Override
      public void generate(Row row, EvalContext context, Output out) {
        List<?> array = (List<?>) structs.eval(row, context);
        if (array == null || array.isEmpty()) {
          if (outer) {
            out.add(new Object[width]);
          }
          return;
        }
        for (Object element : array) {
          out.add(element == null ? new Object[width] : ((Row) element).toArray());
        }
      }
    };
  }
}
