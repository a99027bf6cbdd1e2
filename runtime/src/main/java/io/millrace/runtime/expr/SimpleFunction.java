package io.millrace.runtime.expr;

import io.millrace.api.AnalysisException;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;

/**
 * A function whose result is null when any argument is null (Spark's {@code NullIntolerant};
 * {@link Signature#seeingNulls} for the few that are not),
 * its arguments brought to the types its body takes when it is bound, its body a lambda over
 * their values. Most of Spark's scalar functions are one: {@code sqrt}, {@code md5},
 * {@code lpad}, {@code datediff}. The registry makes them from a {@link Signature}.
 */
public final class SimpleFunction extends FunctionCall {

  /** How an argument is brought to the type the body reads, as Spark's implicit casts do. */
  public enum Arg {
    /** Any number, or text read as a number, as a {@code Double}. */
    DOUBLE(DataType.DOUBLE),
    /** An integral number (or text read as one) as a {@code Long}. */
    LONG(DataType.LONG),
    /** An integral number (or text read as one) as an {@code Integer}. */
    INT(DataType.INT),
    /** Text; other primitives as their text. */
    STRING(DataType.STRING),
    /** BINARY, or text as its UTF-8 bytes. */
    BINARY(DataType.BINARY),
    /** A DATE; a TIMESTAMP as its date, text as a cast reads it: an {@code Integer} of days. */
    DATE(DataType.DATE),
    /** A TIMESTAMP; a DATE as its midnight, text as a cast reads it: a {@code Long} of micros. */
    TIMESTAMP(DataType.TIMESTAMP),
    /** As it is. */
    ANY(null);

    private final DataType type;

    Arg(DataType type) {
      this.type = type;
    }

    BoundExpression coerce(BoundExpression bound, Expression source, Expression call) {
      if (type == null || TypeCoercion.isUntypedNull(bound)) {
        return type == null ? bound : Cast.coerce(bound, type);
      }
      DataType from = bound.type();
      switch (this) {
        case DOUBLE: case LONG: case INT:
          if (!from.isNumeric() && from.kind() != DataType.Kind.STRING) {
            throw TypeCoercion.error(call, source + " is " + from + " but a number is needed");
          }
          if (this != DOUBLE && !from.isIntegral() && from.kind() != DataType.Kind.STRING) {
            throw TypeCoercion.error(call, source + " is " + from + " but an integral number is needed");
          }
          break;
        case STRING:
          return TypeCoercion.asString(bound, source, call);
        case BINARY:
          if (from.kind() != DataType.Kind.BINARY && from.kind() != DataType.Kind.STRING) {
            throw TypeCoercion.error(call, source + " is " + from + " but BINARY or STRING is needed");
          }
          break;
        case DATE: case TIMESTAMP:
          if (from.kind() != DataType.Kind.DATE && from.kind() != DataType.Kind.TIMESTAMP
              && from.kind() != DataType.Kind.TIMESTAMP_NTZ && from.kind() != DataType.Kind.STRING) {
            throw TypeCoercion.error(call, source + " is " + from + " but " + type + " is needed");
          }
          break;
        default:
          break;
      }
      return Cast.coerce(bound, type);
    }
  }

  /** The body: the argument values, none null, in the types the {@link Arg}s say; null for no value. */
  @FunctionalInterface
  public interface Body {
    Object apply(Object[] args);
  }

  /**
   * A function of this name over these arguments: its result type (from the arguments' types
   * once coerced) and its body.
   */
  public record Signature(String name, List<Arg> args, ResultType resultType, Body body, boolean seesNulls) {
    public Signature(String name, List<Arg> args, ResultType resultType, Body body) {
      this(name, args, resultType, body, false);
    }

    public static Signature of(String name, DataType result, Body body, Arg... args) {
      return new Signature(name, List.of(args), types -> result, body);
    }

    /** This signature with its body given null arguments too, for a function that is not null for them ({@code size}). */
    public Signature seeingNulls() {
      return new Signature(name, args, resultType, body, true);
    }
  }

  /** The result type, from the coerced arguments' types. */
  @FunctionalInterface
  public interface ResultType {
    DataType of(List<DataType> argTypes);
  }

  private final Signature signature;

  public SimpleFunction(Signature signature, List<Expression> args) {
    super(signature.name(), args);
    if (args.size() != signature.args().size()) {
      throw new IllegalArgumentException(signature.name() + " takes " + signature.args().size() + " argument(s) but got "
          + args.size());
    }
    this.signature = signature;
  }

  @Override
  public BoundExpression bind(Schema input) {
    List<BoundExpression> bound = new ArrayList<>(args.size());
    List<DataType> types = new ArrayList<>(args.size());
    for (int i = 0; i < args.size(); i++) {
      BoundExpression b = signature.args().get(i).coerce(args.get(i).bind(input), args.get(i), this);
      bound.add(b);
      types.add(TypeCoercion.isUntypedNull(b) ? DataType.STRING : b.type());
    }
    DataType result;
    try {
      result = signature.resultType().of(types);
    } catch (IllegalArgumentException e) {
      throw new AnalysisException("cannot resolve '" + this + "': " + e.getMessage());
    }
    return new Bound(result, bound.toArray(BoundExpression[]::new), signature.body(), signature.seesNulls());
  }

  private static final class Bound extends BoundNode {
    private final BoundExpression[] args;
    private final Body body;
    private final boolean seesNulls;

    Bound(DataType type, BoundExpression[] args, Body body, boolean seesNulls) {
      super(type, true);
      this.args = args;
      this.body = body;
      this.seesNulls = seesNulls;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object[] values = new Object[args.length];
      for (int i = 0; i < values.length; i++) {
        values[i] = args[i].eval(row, context);
        if (values[i] == null && !seesNulls) {
          return null;
        }
      }
      return body.apply(values);
    }
  }
}
