package io.millrace.runtime.expr;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The functions SQL expression text can call, by lower-case name: the same set, with the same
 * meaning, as {@code io.millrace.api.functions} offers to Java code.
 */
final class FunctionRegistry {

  /** How many arguments a function takes and how it builds its expression from them. */
  private static final class Entry {
    final int minArgs;
    final int maxArgs;
    final Function<List<Expression>, Expression> builder;

    Entry(int minArgs, int maxArgs, Function<List<Expression>, Expression> builder) {
      this.minArgs = minArgs;
      this.maxArgs = maxArgs;
      this.builder = builder;
    }
  }

  private static final int ANY = Integer.MAX_VALUE;
  private static final Map<String, Entry> FUNCTIONS = new TreeMap<>();

  static {
    register("not", 1, 1, a -> new Not(a.get(0)));
    register("isnull", 1, 1, a -> new NullCheck(a.get(0), false));
    register("isnotnull", 1, 1, a -> new NullCheck(a.get(0), true));
    register("coalesce", 1, ANY, Coalesce::new);

    for (StringTransform.Op op : StringTransform.Op.values()) {
      register(op.sqlName(), 1, 1, a -> new StringTransform(op, a.get(0)));
    }
    register("length", 1, 1, a -> new Length(a.get(0)));
    register("concat", 1, ANY, Concat::new);
    register("substring", 2, 3, FunctionRegistry::substring);
    register("substr", 2, 3, FunctionRegistry::substring);
    for (StringPredicate.Op op : StringPredicate.Op.values()) {
      register(op.sqlName(), 2, 2, a -> new StringPredicate(op, a.get(0), a.get(1)));
    }

    for (MathFunction.Op op : MathFunction.Op.values()) {
      register(op.sqlName(), 1, 1, a -> new MathFunction(op, a.get(0)));
    }
    register("ceiling", 1, 1, a -> new MathFunction(MathFunction.Op.CEIL, a.get(0)));
    register("round", 1, 2, a -> new Round(a.get(0), a.size() < 2 ? 0 : intLiteral(a.get(1), "round", "scale")));

    register("current_timestamp", 0, 0, a -> new CurrentTimestamp());
    register("window", 2, 3, a -> new TimeWindow(a.get(0), durationMicros(a.get(1), "window", "duration"),
        durationMicros(a.get(a.size() - 1), "window", a.size() == 3 ? "slide" : "duration")));
    for (AggregateCall.Function f : AggregateCall.Function.values()) {
      register(f.sqlName(), 1, 1, a -> new AggregateCall(f, a.get(0), null));
    }
    register("to_timestamp", 1, 2, a -> a.size() < 2
        ? new ToTimestamp(a.get(0)) : new ToTimestamp(a.get(0), stringLiteral(a.get(1), "to_timestamp", "pattern")));
    register("date_format", 2, 2, a -> new DateFormat(a.get(0), stringLiteral(a.get(1), "date_format", "pattern")));
    for (DatePart.Field field : DatePart.Field.values()) {
      register(field.sqlName(), 1, 1, a -> new DatePart(field, a.get(0)));
    }
    register("day", 1, 1, a -> new DatePart(DatePart.Field.DAYOFMONTH, a.get(0)));
    register("unix_timestamp", 0, 2, FunctionRegistry::unixTimestamp);
    for (EpochToTimestamp.Unit unit : EpochToTimestamp.Unit.values()) {
      register(unit.sqlName(), 1, 1, a -> new EpochToTimestamp(unit, a.get(0)));
    }
  }

  private FunctionRegistry() {
  }

  private static void register(String name, int minArgs, int maxArgs, Function<List<Expression>, Expression> builder) {
    FUNCTIONS.put(name, new Entry(minArgs, maxArgs, builder));
  }

  static boolean isKnown(String name) {
    return FUNCTIONS.containsKey(name.toLowerCase(Locale.ROOT));
  }

  /** The known names in alphabetical order, for error messages. */
  static Set<String> names() {
    return FUNCTIONS.keySet();
  }

  /**
   * The expression for calling {@code name} (a known function, any case) with {@code args}.
   *
   * @throws IllegalArgumentException when the arguments do not fit the function
   */
  static Expression call(String name, List<Expression> args) {
    String key = name.toLowerCase(Locale.ROOT);
    Entry entry = FUNCTIONS.get(key);
    if (args.size() < entry.minArgs || args.size() > entry.maxArgs) {
      throw new IllegalArgumentException(key + " takes " + arity(entry) + " but got " + args.size());
    }
    return entry.builder.apply(args);
  }

  private static String arity(Entry entry) {
    String count = entry.minArgs == entry.maxArgs ? String.valueOf(entry.minArgs)
        : entry.maxArgs == ANY ? "at least " + entry.minArgs
        : entry.minArgs + " to " + entry.maxArgs;
    boolean one = entry.minArgs == 1 && (entry.maxArgs == 1 || entry.maxArgs == ANY);
    return count + (one ? " argument" : " arguments");
  }

  private static Expression substring(List<Expression> a) {
    return a.size() == 2 ? new Substring(a.get(0), a.get(1)) : new Substring(a.get(0), a.get(1), a.get(2));
  }

  private static Expression unixTimestamp(List<Expression> a) {
    switch (a.size()) {
      case 0: return new UnixTimestamp();
      case 1: return new UnixTimestamp(a.get(0));
      default: return new UnixTimestamp(a.get(0), stringLiteral(a.get(1), "unix_timestamp", "pattern"));
    }
  }

  private static long durationMicros(Expression e, String function, String what) {
    String text = stringLiteral(e, function, what);
    try {
      return WindowLength.micros(text);
    } catch (IllegalArgumentException ex) {
      throw new IllegalArgumentException(function + "(..): " + what + " " + ex.getMessage());
    }
  }

  private static String stringLiteral(Expression e, String function, String what) {
    if (e instanceof Literal && ((Literal) e).value() instanceof String) {
      return (String) ((Literal) e).value();
    }
    throw new IllegalArgumentException(function + " needs its " + what + " as a string literal but got " + e);
  }

  private static int intLiteral(Expression e, String function, String what) {
    if (e instanceof Literal && ((Literal) e).value() instanceof Integer) {
      return (Integer) ((Literal) e).value();
    }
    throw new IllegalArgumentException(function + " needs its " + what + " as an integer literal but got " + e);
  }
}
