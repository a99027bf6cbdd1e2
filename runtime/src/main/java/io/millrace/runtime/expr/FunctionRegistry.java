package io.millrace.runtime.expr;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The functions SQL expression text can call, by lower-case name: the same set, with the same
 * meaning, as {@code io.millrace.api.functions} offers to Java code. Each has its usage and one
 * example, which {@code millrace functions} lists.
 */
public final class FunctionRegistry {

  /** What {@code millrace functions} says of one function: its usage, and one example. */
  public record Info(String name, String usage, String example) {}

  /** How many arguments a function takes, how it builds its expression from them, and its docs. */
  private record Entry(int minArgs, int maxArgs, Function<List<Expression>, Expression> builder, Info info) {}

  static final int ANY = Integer.MAX_VALUE;
  private static final Map<String, Entry> FUNCTIONS = new TreeMap<>();

  static {
    register("not", 1, 1, a -> new Not(a.get(0)), "not(condition)", "not(amount > 10)");
    register("isnull", 1, 1, a -> new NullCheck(a.get(0), false), "isnull(x)", "isnull(key)");
    register("isnotnull", 1, 1, a -> new NullCheck(a.get(0), true), "isnotnull(x)", "isnotnull(key)");
    register("coalesce", 1, ANY, Coalesce::new, "coalesce(x, y, ..)", "coalesce(nickname, name, 'anonymous')");

    register("upper", 1, 1, a -> new StringTransform(StringTransform.Op.UPPER, a.get(0)), "upper(text)", "upper('abc') = 'ABC'");
    register("lower", 1, 1, a -> new StringTransform(StringTransform.Op.LOWER, a.get(0)), "lower(text)", "lower('ABC') = 'abc'");
    register("trim", 1, 1, a -> new StringTransform(StringTransform.Op.TRIM, a.get(0)), "trim(text)", "trim('  a  ') = 'a'");
    register("ltrim", 1, 1, a -> new StringTransform(StringTransform.Op.LTRIM, a.get(0)), "ltrim(text)", "ltrim('  a ') = 'a '");
    register("rtrim", 1, 1, a -> new StringTransform(StringTransform.Op.RTRIM, a.get(0)), "rtrim(text)", "rtrim(' a  ') = ' a'");
    register("length", 1, 1, a -> new Length(a.get(0)), "length(text or binary)", "length('héllo') = 5");
    register("concat", 1, ANY, Concat::new, "concat(text, ..)", "concat('a', 'b', 'c') = 'abc'");
    register("substring", 2, 3, FunctionRegistry::substring, "substring(text, pos[, len])", "substring('Spark', 2, 3) = 'par'");
    register("substr", 2, 3, FunctionRegistry::substring, "substr(text, pos[, len])", "substr('Spark', -3) = 'ark'");
    register("startswith", 2, 2, a -> new StringPredicate(StringPredicate.Op.STARTSWITH, a.get(0), a.get(1)),
        "startswith(text, prefix)", "startswith('Spark', 'Sp') = true");
    register("endswith", 2, 2, a -> new StringPredicate(StringPredicate.Op.ENDSWITH, a.get(0), a.get(1)),
        "endswith(text, suffix)", "endswith('Spark', 'rk') = true");
    register("contains", 2, 2, a -> new StringPredicate(StringPredicate.Op.CONTAINS, a.get(0), a.get(1)),
        "contains(text, part)", "contains('Spark', 'par') = true");

    // string and hash (issue 16)
    register("regexp_replace", 3, 4, RegexpReplace::new, "regexp_replace(text, regexp, replacement[, position])",
        "regexp_replace('100-200', '([0-9]+)', 'n') = 'n-n'");
    register("regexp_extract", 2, 3, RegexpExtract::new, "regexp_extract(text, regexp[, group])",
        "regexp_extract('100-200', '([0-9]+)-([0-9]+)', 2) = '200'");
    register("regexp_like", 2, 2, a -> new RegexpLike("regexp_like", a.get(0), a.get(1)), "regexp_like(text, regexp)",
        "regexp_like('Spark', '^S.*k$') = true, as 'Spark' RLIKE '^S.*k$'");
    register("rlike", 2, 2, a -> new RegexpLike("rlike", a.get(0), a.get(1)), "rlike(text, regexp)",
        "rlike('Spark', 'par') = true");
    register("regexp", 2, 2, a -> new RegexpLike("regexp", a.get(0), a.get(1)), "regexp(text, regexp)",
        "regexp('Spark', 'par') = true");
    register("split", 2, 3, Split::new, "split(text, regexp[, limit])", "split('a,b,c', ',', 2) = ['a', 'b,c']");
    register("instr(text, part)", "instr('SparkSQL', 'SQL') = 6", StringFunctions.INSTR);
    register("locate", 2, 3, Locate::new, "locate(part, text[, start])", "locate('bar', 'foobarbar', 5) = 7");
    register("lpad", 2, 3, a -> new Pad(true, a), "lpad(text, length[, pad])", "lpad('7', 3, '0') = '007'");
    register("rpad", 2, 3, a -> new Pad(false, a), "rpad(text, length[, pad])", "rpad('ab', 4, '.') = 'ab..'");
    register("replace(text, search[, replacement])", "replace('ABCabc', 'abc', 'DEF') = 'ABCDEF'",
        StringFunctions.REPLACE, StringFunctions.REPLACE_WITH_NOTHING);
    register("translate(text, from, to)", "translate('AaBbCc', 'abc', '123') = 'A1B2C3'", StringFunctions.TRANSLATE);
    register("initcap(text)", "initcap('sPark sql') = 'Spark Sql'", StringFunctions.INITCAP);
    register("reverse", 1, 1, a -> new Reverse(a.get(0)), "reverse(text or array)", "reverse('Spark') = 'krapS'");
    register("repeat(text, times)", "repeat('ab', 3) = 'ababab'", StringFunctions.REPEAT);
    register("char_length", 1, 1, a -> new Length("char_length", a.get(0)), "char_length(text or binary)",
        "char_length('héllo') = 5");
    register("character_length", 1, 1, a -> new Length("character_length", a.get(0)),
        "character_length(text or binary)", "character_length('héllo') = 5");
    register("concat_ws", 1, ANY, ConcatWs::new, "concat_ws(separator, text or array, ..)",
        "concat_ws(',', 'a', NULL, split('b c', ' ')) = 'a,b,c'");
    register("format_number", 2, 2, FormatNumber::new, "format_number(number, decimals or pattern)",
        "format_number(12332.123456, 2) = '12,332.12'");
    register("format_string", 1, ANY, a -> new FormatString("format_string", a), "format_string(format, x, ..)",
        "format_string('%s has %d', 'box', 3) = 'box has 3'");
    register("printf", 1, ANY, a -> new FormatString("printf", a), "printf(format, x, ..)",
        "printf('%05.1f', 3.14159D) = '003.1'");
    register("md5(binary or text)", "md5('Spark') = '8cde774d6f7333752ed72cacddb05126'", Digests.MD5);
    register("sha1(binary or text)", "sha1('Spark') = '85f5955f4b27a9a4c2aab6ffe5d7189fc298b92c'", Digests.SHA1);
    register("sha(binary or text)", "sha('Spark') = sha1('Spark')", Digests.SHA);
    register("sha2(binary or text, bits)", "sha2('Spark', 256) = '529bc3b0..'; bits 224, 256 (or 0), 384 or 512",
        Digests.SHA2);
    register("crc32(binary or text)", "crc32('Spark') = 1557323817", Digests.CRC32);
    register("hash", 1, ANY, a -> new SparkHash(SparkHash.Algorithm.MURMUR3, a), "hash(x, ..)",
        "hash('Spark', 2) is Spark's Murmur3 hash, seed 42");
    register("xxhash64", 1, ANY, a -> new SparkHash(SparkHash.Algorithm.XXHASH64, a), "xxhash64(x, ..)",
        "xxhash64('Spark', 2) is Spark's 64-bit xxHash, seed 42");

    register("abs", 1, 1, a -> new MathFunction(MathFunction.Op.ABS, a.get(0)), "abs(number)", "abs(-1.5) = 1.5");
    register("floor", 1, 2, a -> a.size() == 1 ? new MathFunction(MathFunction.Op.FLOOR, a.get(0))
        : Round.floor(a.get(0), intLiteral(a.get(1), "floor", "scale")), "floor(number[, scale])",
        "floor(-2.5) = -3; floor(3.14159, 2) = 3.14");
    register("ceil", 1, 2, a -> a.size() == 1 ? new MathFunction(MathFunction.Op.CEIL, a.get(0))
        : Round.ceil("ceil", a.get(0), intLiteral(a.get(1), "ceil", "scale")), "ceil(number[, scale])",
        "ceil(-2.5) = -2; ceil(3.14159, 2) = 3.15");
    register("ceiling", 1, 2, a -> a.size() == 1 ? new MathFunction(MathFunction.Op.CEIL, a.get(0))
        : Round.ceil("ceiling", a.get(0), intLiteral(a.get(1), "ceiling", "scale")), "ceiling(number[, scale])",
        "ceiling(2.1) = 3");
    register("round", 1, 2, a -> new Round(a.get(0), a.size() < 2 ? 0 : intLiteral(a.get(1), "round", "scale")),
        "round(number[, scale])", "round(2.675, 2) = 2.68");

    // math and conditional (issue 16)
    register("sqrt(x)", "sqrt(2.25) = 1.5", DoubleFunctions.of("sqrt", StrictMath::sqrt));
    register("cbrt(x)", "cbrt(-27) = -3.0", DoubleFunctions.of("cbrt", StrictMath::cbrt));
    register("exp(x)", "exp(0) = 1.0", DoubleFunctions.of("exp", StrictMath::exp));
    register("pow(x, y)", "pow(2, 10) = 1024.0", DoubleFunctions.of("pow", StrictMath::pow));
    register("power(x, y)", "power(2.5, 2) = 6.25", DoubleFunctions.of("power", StrictMath::pow));
    register("ln(x)", "ln(1) = 0.0; NULL for x <= 0", DoubleFunctions.logarithm("ln", StrictMath::log));
    register("log([base, ]x)", "log(2, 8) = 3.0; log(x) is ln(x)", DoubleFunctions.logarithm("log", StrictMath::log),
        DoubleFunctions.logarithmToBase("log"));
    register("log10(x)", "log10(1000) = 3.0", DoubleFunctions.logarithm("log10", StrictMath::log10));
    register("log2(x)", "log2(8) = 3.0", DoubleFunctions.logarithm("log2", DoubleFunctions::log2));
    register("sign(x)", "sign(-2.5) = -1.0", DoubleFunctions.of("sign", Math::signum));
    register("signum(x)", "signum(0) = 0.0", DoubleFunctions.of("signum", Math::signum));
    register("isnan", 1, 1, a -> new IsNaN(a.get(0)), "isnan(x)", "isnan(CAST('NaN' AS DOUBLE)) = true; isnan(NULL) = false");
    register("bround", 1, 2, a -> Round.halfEven(a.get(0), a.size() < 2 ? 0 : intLiteral(a.get(1), "bround", "scale")),
        "bround(number[, scale])", "bround(2.5) = 2; bround(3.5) = 4");
    register("pmod", 2, 2, a -> new Arithmetic(Arithmetic.Op.PMOD, a.get(0), a.get(1)), "pmod(a, n)", "pmod(-7, 3) = 2");
    register("div", 2, 2, a -> new IntegralDivide(a.get(0), a.get(1)), "div(a, b) or a DIV b", "-7 DIV 2 = -3");
    register("if", 3, 3, a -> If.of(a.get(0), a.get(1), a.get(2)), "if(condition, then, else)",
        "if(amount > 10, 'big', 'small')");
    register("nvl", 2, 2, a -> new Nvl("nvl", a.get(0), a.get(1)), "nvl(x, y)", "nvl(NULL, 5) = 5");
    register("ifnull", 2, 2, a -> new Nvl("ifnull", a.get(0), a.get(1)), "ifnull(x, y)", "ifnull(NULL, 'x') = 'x'");
    register("nvl2", 3, 3, a -> If.nvl2(a.get(0), a.get(1), a.get(2)), "nvl2(x, ifNotNull, ifNull)",
        "nvl2(NULL, 'a', 'b') = 'b'");
    register("nullif", 2, 2, a -> new NullIf(a.get(0), a.get(1)), "nullif(a, b)", "nullif(1, 1) is NULL; nullif(1, 2) = 1");
    register("greatest", 2, ANY, GreatestLeast::greatest, "greatest(x, y, ..)", "greatest(1, NULL, 3) = 3");
    register("least", 2, ANY, GreatestLeast::least, "least(x, y, ..)", "least('b', 'a', 'c') = 'a'");

    register("current_timestamp", 0, 0, a -> new CurrentTimestamp(), "current_timestamp()",
        "current_timestamp() is the batch's time, the same for every row of it");
    register("window", 2, 3, a -> new TimeWindow(a.get(0), durationMicros(a.get(1), "window", "duration"),
        durationMicros(a.get(a.size() - 1), "window", a.size() == 3 ? "slide" : "duration")),
        "window(timestamp, duration[, slide])", "groupBy(window(ts, '5 minutes'))");
    register("session_window", 2, 2, a -> new SessionWindow(a.get(0), durationMicros(a.get(1), "session_window",
        "gap")), "session_window(timestamp, gap)", "groupBy(key, session_window(ts, '30 seconds'))");
    register("count", 1, 1, a -> new AggregateCall(AggregateCall.Function.COUNT, a.get(0), null), "count(x) or count(*)",
        "count(*) counts rows, count(x) the rows where x is not null");
    register("sum", 1, 1, a -> new AggregateCall(AggregateCall.Function.SUM, a.get(0), null), "sum(number)", "sum(amount)");
    register("avg", 1, 1, a -> new AggregateCall(AggregateCall.Function.AVG, a.get(0), null), "avg(number)", "avg(amount)");
    register("min", 1, 1, a -> new AggregateCall(AggregateCall.Function.MIN, a.get(0), null), "min(x)", "min(ts)");
    register("max", 1, 1, a -> new AggregateCall(AggregateCall.Function.MAX, a.get(0), null), "max(x)", "max(ts)");
    aggregate("mean", AggregateCall.Function.AVG, 1, "mean(number)", "mean(amount)");
    aggregate("count_if", AggregateCall.Function.COUNT_IF, 1, "count_if(condition)", "count_if(amount > 100)");
    aggregate("stddev", AggregateCall.Function.STDDEV_SAMP, 1, "stddev(number)", "stddev(amount)");
    aggregate("std", AggregateCall.Function.STDDEV_SAMP, 1, "std(number)", "std(amount)");
    aggregate("stddev_samp", AggregateCall.Function.STDDEV_SAMP, 1, "stddev_samp(number)", "stddev_samp(amount)");
    aggregate("stddev_pop", AggregateCall.Function.STDDEV_POP, 1, "stddev_pop(number)", "stddev_pop(amount)");
    aggregate("variance", AggregateCall.Function.VAR_SAMP, 1, "variance(number)", "variance(amount)");
    aggregate("var_samp", AggregateCall.Function.VAR_SAMP, 1, "var_samp(number)", "var_samp(amount)");
    aggregate("var_pop", AggregateCall.Function.VAR_POP, 1, "var_pop(number)", "var_pop(amount)");
    aggregate("first", AggregateCall.Function.FIRST, 2, "first(x[, ignoreNulls])", "first(name, true)");
    aggregate("first_value", AggregateCall.Function.FIRST, 2, "first_value(x[, ignoreNulls])", "first_value(name)");
    aggregate("last", AggregateCall.Function.LAST, 2, "last(x[, ignoreNulls])", "last(name, true)");
    aggregate("last_value", AggregateCall.Function.LAST, 2, "last_value(x[, ignoreNulls])", "last_value(name)");
    register("max_by", 2, 2, a -> new AggregateCall(AggregateCall.Function.MAX_BY, a.get(0), null, List.of(a.get(1))),
        "max_by(x, ordering)", "max_by(name, score) is the name of the highest score");
    register("min_by", 2, 2, a -> new AggregateCall(AggregateCall.Function.MIN_BY, a.get(0), null, List.of(a.get(1))),
        "min_by(x, ordering)", "min_by(name, score) is the name of the lowest score");
    aggregate("collect_list", AggregateCall.Function.COLLECT_LIST, 1, "collect_list(x)", "collect_list(name)");
    aggregate("collect_set", AggregateCall.Function.COLLECT_SET, 1, "collect_set(x)", "collect_set(name)");
    register("approx_count_distinct", 1, 2, a -> new AggregateCall(AggregateCall.Function.APPROX_COUNT_DISTINCT,
        a.get(0), "approx_count_distinct(" + a.get(0) + ")", a.subList(1, a.size())),
        "approx_count_distinct(x[, relativeSD])",
        "approx_count_distinct(user_id) estimates the distinct user ids (HyperLogLog++, relativeSD 0.05)");
    percentileApprox("percentile_approx");
    percentileApprox("approx_percentile");
    register("to_timestamp", 1, 2, a -> a.size() < 2
        ? new ToTimestamp(a.get(0)) : new ToTimestamp(a.get(0), stringLiteral(a.get(1), "to_timestamp", "pattern")),
        "to_timestamp(text[, pattern])", "to_timestamp('14/09/2026 23:59', 'dd/MM/yyyy HH:mm')");
    register("date_format", 2, 2, a -> new DateFormat(a.get(0), stringLiteral(a.get(1), "date_format", "pattern")),
        "date_format(timestamp, pattern)", "date_format(ts, 'yyyy-MM-dd') = '2026-09-14'");
    register("year", 1, 1, a -> new DatePart(DatePart.Field.YEAR, a.get(0)), "year(timestamp or date)", "year(ts) = 2026");
    register("month", 1, 1, a -> new DatePart(DatePart.Field.MONTH, a.get(0)), "month(timestamp or date)", "month(ts) = 9");
    register("dayofmonth", 1, 1, a -> new DatePart(DatePart.Field.DAYOFMONTH, a.get(0)), "dayofmonth(timestamp or date)",
        "dayofmonth(ts) = 14");
    register("day", 1, 1, a -> new DatePart(DatePart.Field.DAYOFMONTH, a.get(0)), "day(timestamp or date)", "day(ts) = 14");
    register("hour", 1, 1, a -> new DatePart(DatePart.Field.HOUR, a.get(0)), "hour(timestamp)", "hour(ts) = 23");
    register("minute", 1, 1, a -> new DatePart(DatePart.Field.MINUTE, a.get(0)), "minute(timestamp)", "minute(ts) = 59");
    register("second", 1, 1, a -> new DatePart(DatePart.Field.SECOND, a.get(0)), "second(timestamp)", "second(ts) = 57");
    register("unix_timestamp", 0, 2, FunctionRegistry::unixTimestamp, "unix_timestamp([timestamp or text[, pattern]])",
        "unix_timestamp(TIMESTAMP '2026-09-14 23:59:57') = 1789430397");
    register("timestamp_seconds", 1, 1, a -> new EpochToTimestamp(EpochToTimestamp.Unit.SECONDS, a.get(0)),
        "timestamp_seconds(seconds)", "timestamp_seconds(1.5) = TIMESTAMP '1970-01-01 00:00:01.5'");
    register("timestamp_millis", 1, 1, a -> new EpochToTimestamp(EpochToTimestamp.Unit.MILLIS, a.get(0)),
        "timestamp_millis(milliseconds)", "timestamp_millis(1500) = TIMESTAMP '1970-01-01 00:00:01.5'");
    register("timestamp_micros", 1, 1, a -> new EpochToTimestamp(EpochToTimestamp.Unit.MICROS, a.get(0)),
        "timestamp_micros(microseconds)", "timestamp_micros(1500000) = TIMESTAMP '1970-01-01 00:00:01.5'");
    DateFunctions.register();
    CollectionFunctions.register();
    JsonFunctions.register();
    HexFunctions.register();
    HigherOrderFunction.register();
    GeneratorFunctions.register();
  }

  private FunctionRegistry() {
  }

  /** percentile_approx or its alias: named, as Spark names it, with the accuracy it uses (10000 unless given). */
  private static void percentileApprox(String name) {
    register(name, 2, 3, a -> new AggregateCall(AggregateCall.Function.PERCENTILE_APPROX, a.get(0),
        name + "(" + a.get(0) + ", " + a.get(1) + ", " + (a.size() > 2 ? a.get(2) : "10000") + ")",
        a.subList(1, a.size())),
        name + "(x, percentage[, accuracy])",
        name + "(latency, 0.95) or " + name + "(latency, array(0.5, 0.99), 100)");
  }

  /** An aggregate known by {@code name} (an alias's output column is named by it, as Spark's). */
  private static void aggregate(String name, AggregateCall.Function f, int maxArgs, String usage, String example) {
    register(name, 1, maxArgs, a -> new AggregateCall(f, a.get(0),
        name.equals(f.sqlName()) ? null : name + "(" + a.get(0) + ")", a.subList(1, a.size())),
        usage, example);
  }

  static void register(String name, int minArgs, int maxArgs, Function<List<Expression>, Expression> builder,
      String usage, String example) {
    if (FUNCTIONS.put(name, new Entry(minArgs, maxArgs, builder, new Info(name, usage, example))) != null) {
      throw new IllegalStateException("function " + name + " registered twice");
    }
  }

  /**
   * Registers a function made of {@link SimpleFunction.Signature}s, one per arity it takes:
   * {@code log(x)} and {@code log(base, x)} are two.
   */
  static void register(String usage, String example, SimpleFunction.Signature... signatures) {
    Map<Integer, SimpleFunction.Signature> byArity = new TreeMap<>();
    for (SimpleFunction.Signature sig : signatures) {
      byArity.put(sig.args().size(), sig);
    }
    String name = signatures[0].name();
    int min = ((TreeMap<Integer, SimpleFunction.Signature>) byArity).firstKey();
    int max = ((TreeMap<Integer, SimpleFunction.Signature>) byArity).lastKey();
    register(name, min, max, a -> {
      SimpleFunction.Signature sig = byArity.get(a.size());
      if (sig == null) {
        throw new IllegalArgumentException(name + " takes " + byArity.keySet().stream().map(String::valueOf)
            .collect(java.util.stream.Collectors.joining(" or ")) + " arguments but got " + a.size());
      }
      return new SimpleFunction(sig, a);
    }, usage, example);
  }

  /** Every function's usage and example, by name. */
  public static List<Info> infos() {
    return FUNCTIONS.values().stream().map(Entry::info).toList();
  }

  /**
   * The known names nearest {@code name}, for an error about an unknown one: those within two
   * edits (a typo), then those that contain it or that it contains, at most five.
   */
  static List<String> closest(String name) {
    String key = name.toLowerCase(Locale.ROOT);
    List<String> near = new java.util.ArrayList<>();
    FUNCTIONS.keySet().stream()
        .filter(n -> editDistance(n, key) <= Math.min(2, Math.max(1, key.length() / 3)))
        .sorted(java.util.Comparator.comparingInt((String n) -> editDistance(n, key)).thenComparing(n -> n))
        .forEach(near::add);
    FUNCTIONS.keySet().stream()
        .filter(n -> !near.contains(n) && key.length() >= 3 && (n.contains(key) || key.contains(n) && n.length() >= 3))
        .forEach(near::add);
    return near.subList(0, Math.min(5, near.size()));
  }

  /** The message for a call of an unknown function. */
  static String unknown(String name) {
    List<String> near = closest(name);
    return "unknown function '" + name + "'" + (near.isEmpty() ? "" : "; did you mean " + String.join(", ", near) + "?")
        + " (`millrace functions` lists all " + FUNCTIONS.size() + ")";
  }

  /** Levenshtein distance: edits (insert, delete, replace a character) from one name to the other. */
  private static int editDistance(String a, String b) {
    int[] row = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      row[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      int diagonal = row[0];
      row[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int above = row[j];
        row[j] = Math.min(Math.min(row[j] + 1, row[j - 1] + 1), diagonal + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
        diagonal = above;
      }
    }
    return row[b.length()];
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
    if (Star.any(args)) {
      return new StarArguments(key, args);
    }
    if (args.size() < entry.minArgs() || args.size() > entry.maxArgs()) {
      throw new IllegalArgumentException(key + " takes " + arity(entry) + " but got " + args.size());
    }
    return entry.builder().apply(args);
  }

  private static String arity(Entry entry) {
    String count = entry.minArgs() == entry.maxArgs() ? String.valueOf(entry.minArgs())
        : entry.maxArgs() == ANY ? "at least " + entry.minArgs()
        : entry.minArgs() + " to " + entry.maxArgs();
    boolean one = entry.minArgs() == 1 && (entry.maxArgs() == 1 || entry.maxArgs() == ANY);
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

  static String stringLiteral(Expression e, String function, String what) {
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
