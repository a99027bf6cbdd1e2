package io.millrace.runtime.expr;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.millrace.api.AnalysisException;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code json_tuple(json, name, ..)}: one row whose columns {@code c0, c1, ..} are the named
 * top-level fields of a JSON object, as get_json_object gives them (scalars as text, objects and
 * arrays as JSON). Text that is no JSON object makes a row of nulls, as in Spark; the text is
 * parsed once for all the names.
 */
final class JsonTuple extends GeneratorCall {

  JsonTuple(List<Expression> args) {
    super("json_tuple", args);
  }

  @Override
  public Bound bindGenerator(Schema input) {
    BoundExpression[] bound = new BoundExpression[args.size()];
    for (int i = 0; i < bound.length; i++) {
      bound[i] = args.get(i).bind(input);
      if (bound[i].type() != DataType.STRING) {
        throw new AnalysisException("cannot resolve " + this
            + ": all arguments of json_tuple must be strings, but '" + args.get(i) + "' is " + bound[i].type());
      }
    }
    List<Field> fields = new ArrayList<>();
    for (int i = 1; i < bound.length; i++) {
      fields.add(new Field("c" + (i - 1), DataType.STRING, true));
    }
    return new Bound() {
      @Override
      public List<Field> fields() {
        return fields;
      }

      @Override
      public void generate(Row row, EvalContext context, Output out) {
        Object[] values = new Object[bound.length - 1];
        JsonNode object = object((String) bound[0].eval(row, context));
        if (object != null) {
          for (int i = 1; i < bound.length; i++) {
            String name = (String) bound[i].eval(row, context);
            values[i - 1] = name == null ? null : JsonFunctions.text(object.get(name));
          }
        }
        out.add(values);
      }
    };
  }

  /** The JSON object {@code text} holds, or null when it holds none. */
  private static JsonNode object(String text) {
    if (text == null) {
      return null;
    }
    try {
      JsonNode root = JsonFunctions.MAPPER.readTree(text);
      return root != null && root.isObject() ? root : null;
    } catch (JsonProcessingException e) {
      return null;
    }
  }
}
