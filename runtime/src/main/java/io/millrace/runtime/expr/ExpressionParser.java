package io.millrace.runtime.expr;

import io.millrace.api.AnalysisException;
import io.millrace.runtime.expr.SqlLexer.Kind;
import io.millrace.runtime.expr.SqlLexer.Token;
import io.millrace.spi.data.DataType;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * A recursive-descent parser for the SQL expressions of job files and {@code expr(...)}. From
 * loosest to tightest binding:
 *
 * <pre>
 *   OR
 *   AND
 *   NOT
 *   comparisons (= == != &lt;&gt; &lt; &lt;= &gt; &gt;= &lt;=&gt;), IS [NOT] NULL,
 *       IS [NOT] DISTINCT FROM, [NOT] IN (...), [NOT] BETWEEN a AND b, [NOT] LIKE, [NOT] RLIKE (or REGEXP)
 *   + - ||
 *   * / % DIV
 *   unary - and +
 *   literals, columns, (...), function calls, CASE, CAST
 * </pre>
 *
 * <p>Binary operators associate to the left. Keywords are case-insensitive and reserved: a
 * column named like one is written in backquotes ({@code DIV}, {@code DISTINCT} and
 * {@code FROM} are keywords only where they are read as such, as in Spark, so a column may be
 * named {@code div}). Literals: {@code 'text'} (a doubled quote for a quote), integers (INT
 * when they fit, else LONG; {@code L} forces LONG), decimals (DOUBLE; {@code D} forces
 * DOUBLE), {@code TRUE}, {@code FALSE}, {@code NULL}, {@code X'0AFF'} and
 * {@code TIMESTAMP '2026-09-14 23:59:57.067'} (any text a cast reads as a TIMESTAMP that has a
 * date). Every method is static and thread-safe.
 *
 * <p>Errors are {@link AnalysisException}s that quote the text and give the 1-based position
 * of the problem, e.g. {@code cannot parse 'amount >' at position 9: expected an expression}.
 */
public final class ExpressionParser {
  private final String sql;
  private final List<Token> tokens;
  private int index;

  private ExpressionParser(String sql) {
    this.sql = sql;
    this.tokens = SqlLexer.tokenize(sql);
  }

  /** Parses a whole expression such as {@code amount > 10 AND key IS NOT NULL}. */
  public static Expression parseExpression(String sql) {
    ExpressionParser parser = new ExpressionParser(sql);
    Expression e = parser.expression();
    parser.expectEnd();
    return e;
  }

  /**
   * Parses an expression that may end with an alias, {@code amount * 2 AS doubled} or
   * {@code amount * 2 doubled}, as Spark's selectExpr does; with one, the result is an
   * {@link Alias}.
   */
  public static Expression parseNamedExpression(String sql) {
    ExpressionParser parser = new ExpressionParser(sql);
    Expression e = parser.expression();
    if (parser.acceptKeyword("AS")) {
      e = parser.peek().isSymbol("(") ? new MultiAlias(e, parser.aliases()) : new Alias(e, parser.alias());
    } else if (parser.isName(parser.peek())) {
      e = new Alias(e, parser.alias());
    }
    parser.expectEnd();
    return e;
  }

  // ---- the grammar, loosest binding first ----

  private Expression expression() {
    return or();
  }

  private Expression or() {
    Expression e = and();
    while (acceptKeyword("OR")) {
      e = new Logical(Logical.Op.OR, e, and());
    }
    return e;
  }

  private Expression and() {
    Expression e = not();
    while (acceptKeyword("AND")) {
      e = new Logical(Logical.Op.AND, e, not());
    }
    return e;
  }

  private Expression not() {
    return acceptKeyword("NOT") ? new Not(not()) : predicate();
  }

  private Expression predicate() {
    Expression e = additive();
    while (true) {
      Comparison.Op op = comparisonOp(peek());
      if (op != null) {
        index++;
        e = new Comparison(op, e, additive());
      } else if (acceptKeyword("IS")) {
        boolean negated = acceptKeyword("NOT");
        e = acceptKeyword("DISTINCT") ? distinctFrom(e, negated) : nullCheck(e, negated);
      } else if (peek().isKeyword("NOT") && isNegatablePredicate(tokens.get(index + 1))) {
        index++;
        e = new Not(negatablePredicate(e));
      } else if (isNegatablePredicate(peek())) {
        e = negatablePredicate(e);
      } else {
        return e;
      }
    }
  }

  /** {@code e IS [NOT] NULL}; IS [NOT] has been read. */
  private Expression nullCheck(Expression e, boolean negated) {
    if (!acceptKeyword("NULL")) {
      throw expected("NULL or DISTINCT FROM");
    }
    return new NullCheck(e, negated);
  }

  /**
   * {@code e IS [NOT] DISTINCT FROM x}, which is {@code NOT (e <=> x)} (or {@code e <=> x}) as
   * Spark reads it; IS [NOT] DISTINCT has been read.
   */
  private Expression distinctFrom(Expression e, boolean negated) {
    expectKeyword("FROM");
    Expression same = new Comparison(Comparison.Op.EQ_NULL_SAFE, e, additive());
    return negated ? same : new Not(same);
  }

  private static boolean isNegatablePredicate(Token t) {
    return t.isKeyword("IN") || t.isKeyword("BETWEEN") || t.isKeyword("LIKE") || isRegexpLike(t);
  }

  /**
   * RLIKE or its synonym REGEXP. As in Spark they are not reserved: a column may be named
   * {@code regexp}, and {@code regexp(s, p)} is the function.
   */
  private static boolean isRegexpLike(Token t) {
    return t.isKeyword("RLIKE") || t.isKeyword("REGEXP");
  }

  /** IN, BETWEEN, LIKE or RLIKE applied to {@code e}; the caller has seen the keyword. */
  private Expression negatablePredicate(Expression e) {
    if (acceptKeyword("IN")) {
      expectSymbol("(");
      List<Expression> items = new ArrayList<>();
      do {
        items.add(expression());
      } while (acceptSymbol(","));
      expectSymbol(")");
      return new In(e, items);
    }
    if (acceptKeyword("BETWEEN")) {
      Expression lower = additive();
      expectKeyword("AND");
      return new Between(e, lower, additive());
    }
    if (isRegexpLike(peek())) {
      index++;
      return new RegexpLike(e, additive());
    }
    expectKeyword("LIKE");
    return new Like(e, additive());
  }

  private static Comparison.Op comparisonOp(Token t) {
    if (t.kind() != Kind.SYMBOL) {
      return null;
    }
    switch (t.text()) {
      case "=": case "==": return Comparison.Op.EQ;
      case "!=": case "<>": return Comparison.Op.NE;
      case "<": return Comparison.Op.LT;
      case "<=": return Comparison.Op.LE;
      case ">": return Comparison.Op.GT;
      case ">=": return Comparison.Op.GE;
      case "<=>": return Comparison.Op.EQ_NULL_SAFE;
      default: return null;
    }
  }

  private Expression additive() {
    Expression e = multiplicative();
    while (true) {
      if (acceptSymbol("+")) {
        e = new Arithmetic(Arithmetic.Op.ADD, e, multiplicative());
      } else if (acceptSymbol("-")) {
        e = new Arithmetic(Arithmetic.Op.SUBTRACT, e, multiplicative());
      } else if (acceptSymbol("||")) {
        e = new Concat(List.of(e, multiplicative()));
      } else {
        return e;
      }
    }
  }

  private Expression multiplicative() {
    Expression e = unary();
    while (true) {
      if (acceptSymbol("*")) {
        e = new Arithmetic(Arithmetic.Op.MULTIPLY, e, unary());
      } else if (acceptSymbol("/")) {
        e = new Arithmetic(Arithmetic.Op.DIVIDE, e, unary());
      } else if (acceptSymbol("%")) {
        e = new Arithmetic(Arithmetic.Op.REMAINDER, e, unary());
      } else if (acceptOperatorWord("DIV")) {
        e = new IntegralDivide(e, unary());
      } else {
        return e;
      }
    }
  }

  private Expression unary() {
    if (acceptSymbol("-")) {
      Token t = peek();
      // A minus sign belongs to the number it precedes, so -2147483648 is an INT.
      if (t.kind() == Kind.INTEGER || t.kind() == Kind.DECIMAL) {
        index++;
        return number(t, true);
      }
      return new Negate(unary());
    }
    if (acceptSymbol("+")) {
      return unary();
    }
    return postfix(primary());
  }

  /** Subscripts and field access after a value: {@code tags[0]}, {@code attrs['k']}, {@code window.start}. */
  private Expression postfix(Expression e) {
    while (true) {
      if (acceptSymbol("[")) {
        Expression key = expression();
        expectSymbol("]");
        e = new ExtractValue(e, key, null);
      } else if (peek().isSymbol(".")) {
        index++;
        if (acceptSymbol("*")) {
          return new Star(e);
        }
        Token field = peek();
        if (field.kind() != Kind.IDENTIFIER && field.kind() != Kind.QUOTED_IDENTIFIER) {
          throw expected("a field name after '.'");
        }
        index++;
        e = new ExtractValue(e, null, field.text());
      } else {
        return e;
      }
    }
  }

  private Expression primary() {
    Token t = peek();
    switch (t.kind()) {
      case INTEGER: case DECIMAL:
        index++;
        return number(t, false);
      case STRING:
        index++;
        return Literal.of(t.text(), DataType.STRING);
      case BINARY:
        index++;
        return Literal.of(HexFormat.of().parseHex(t.text()), DataType.BINARY);
      case QUOTED_IDENTIFIER:
        index++;
        return new ColumnRef(t.text());
      case IDENTIFIER:
        return identifierStart(t);
      default:
        if (acceptSymbol("(")) {
          Expression e = expression();
          expectSymbol(")");
          return e;
        }
        if (peek().isSymbol("*") && standsAlone(index + 1)) {
          index++;
          return new Star(null);
        }
        throw expected("an expression");
    }
  }

  /** Whether the token at {@code i} ends an argument or a select column: {@code *} can stand only there. */
  private boolean standsAlone(int i) {
    Token next = tokens.get(i);
    return next.isSymbol(")") || next.isSymbol(",") || next.kind() == Kind.EOF
        || next.kind() == Kind.IDENTIFIER && next.text().equalsIgnoreCase("AS");
  }

  /** What a leading word makes: a literal keyword, CASE, CAST, a typed literal, a call, a column. */
  private Expression identifierStart(Token t) {
    if (acceptKeyword("TRUE")) {
      return Literal.of(true, DataType.BOOLEAN);
    } else if (acceptKeyword("FALSE")) {
      return Literal.of(false, DataType.BOOLEAN);
    } else if (acceptKeyword("NULL")) {
      return Literal.nullLiteral();
    } else if (acceptKeyword("CASE")) {
      return caseWhen();
    } else if (acceptKeyword("CAST")) {
      return cast();
    } else if (SqlText.isKeyword(t.text())) {
      throw expected("an expression");
    }
    index++;
    Token next = peek();
    if (t.text().equalsIgnoreCase("TIMESTAMP") && next.kind() == Kind.STRING) {
      index++;
      Long micros = TimestampText.parseWithDate(next.text());
      if (micros == null) {
        throw SqlLexer.syntaxError(sql, next.position(), "invalid TIMESTAMP literal " + next.source());
      }
      return Literal.of(micros, DataType.TIMESTAMP);
    }
    if (t.text().equalsIgnoreCase("INTERVAL") && (next.kind() == Kind.STRING || next.kind() == Kind.INTEGER
        || next.kind() == Kind.DECIMAL || next.isSymbol("-"))) {
      return interval(t);
    }
    if (t.text().equalsIgnoreCase("TIMESTAMP_NTZ") && next.kind() == Kind.STRING) {
      index++;
      Long micros = TimestampText.parseWallClockWithDate(next.text());
      if (micros == null) {
        throw SqlLexer.syntaxError(sql, next.position(), "invalid TIMESTAMP_NTZ literal " + next.source());
      }
      return Literal.of(micros, DataType.TIMESTAMP_NTZ);
    }
    if (t.text().equalsIgnoreCase("DATE") && next.kind() == Kind.STRING) {
      index++;
      Integer day = io.millrace.spi.data.DateText.parse(next.text());
      if (day == null) {
        throw SqlLexer.syntaxError(sql, next.position(), "invalid DATE literal " + next.source());
      }
      return Literal.of(day, DataType.DATE);
    }
    if (next.isSymbol("(")) {
      index++;
      return call(t);
    }
    return new ColumnRef(t.text());
  }

  /** A function call; the name and the opening parenthesis have been read. */
  private Expression call(Token name) {
    if (!FunctionRegistry.isKnown(name.text())) {
      throw SqlLexer.syntaxError(sql, name.position(), FunctionRegistry.unknown(name.text()));
    }
    List<Expression> args = new ArrayList<>();
    if (name.text().equalsIgnoreCase("count") && acceptSymbol("*")) {
      // count(*): rows, nulls included.
      expectSymbol(")");
      return new AggregateCall(AggregateCall.Function.COUNT, null, "count(1)");
    }
    if (peek().kind() == Kind.IDENTIFIER && peek().text().equalsIgnoreCase("DISTINCT")) {
      throw SqlLexer.syntaxError(sql, peek().position(), name.text() + "(DISTINCT ..): distinct aggregations are not "
          + "supported on streams, as in Spark; deduplicate first (dropDuplicates) and aggregate the result");
    }
    if (!acceptSymbol(")")) {
      do {
        args.add(lambdaOrExpression());
      } while (acceptSymbol(","));
      expectSymbol(")");
    }
    try {
      return FunctionRegistry.call(name.text(), args);
    } catch (IllegalArgumentException e) {
      throw SqlLexer.syntaxError(sql, name.position(), e.getMessage());
    }
  }

  /** A function argument: a lambda {@code x -> ..} or {@code (x, i) -> ..}, or an expression. */
  private Expression lambdaOrExpression() {
    int mark = index;
    List<String> params = new ArrayList<>();
    if (isName(peek()) && tokens.get(index + 1).isSymbol("->")) {
      params.add(peek().text());
      index += 2;
      return new Lambda(params, expression());
    }
    if (acceptSymbol("(")) {
      while (isName(peek())) {
        params.add(peek().text());
        index++;
        if (!acceptSymbol(",")) {
          break;
        }
      }
      if (!params.isEmpty() && acceptSymbol(")") && acceptSymbol("->")) {
        return new Lambda(params, expression());
      }
      index = mark;
      params.clear();
    }
    return expression();
  }

  /** {@code CASE [operand] WHEN .. THEN .. [ELSE ..] END}; CASE has been read. */
  private Expression caseWhen() {
    Expression operand = peek().isKeyword("WHEN") ? null : expression();
    CaseWhen result = null;
    do {
      expectKeyword("WHEN");
      Expression when = expression();
      Expression condition = operand == null ? when : new Comparison(Comparison.Op.EQ, operand, when);
      expectKeyword("THEN");
      Expression value = expression();
      result = result == null ? CaseWhen.of(condition, value) : result.withBranch(condition, value);
    } while (peek().isKeyword("WHEN"));
    if (acceptKeyword("ELSE")) {
      result = result.withElse(expression());
    }
    expectKeyword("END");
    return result;
  }

  /**
   * {@code CAST(x AS type)}; CAST has been read. The type is every token up to the closing
   * parenthesis, so that {@code DECIMAL(10,2)} or {@code INTERVAL DAY} reach {@link CastTarget},
   * which refuses them by name.
   */
  private Expression cast() {
    expectSymbol("(");
    Expression e = expression();
    expectKeyword("AS");
    Token first = peek();
    if (first.kind() != Kind.IDENTIFIER) {
      throw expected("a type name");
    }
    int depth = 0;
    while (peek().kind() != Kind.EOF && (depth > 0 || !peek().isSymbol(")"))) {
      depth += peek().isSymbol("(") ? 1 : peek().isSymbol(")") ? -1 : 0;
      index++;
    }
    int typeEnd = peek().kind() == Kind.EOF ? sql.length() : peek().position() - 1;
    DataType target;
    try {
      target = CastTarget.parse(sql.substring(first.position() - 1, typeEnd));
    } catch (IllegalArgumentException ex) {
      throw SqlLexer.syntaxError(sql, first.position(), ex.getMessage());
    }
    expectSymbol(")");
    return new Cast(e, target);
  }

  /**
   * The rest of an {@code INTERVAL} literal: one or more {@code amount unit} pairs, the amount a
   * number or quoted; or a quoted {@code 'd hh:mm:ss.f'} with {@code DAY TO SECOND} (or
   * {@code HOUR TO SECOND}, {@code MINUTE TO SECOND}), or {@code 'y-m'} with
   * {@code YEAR TO MONTH}; or quoted text of such pairs, {@code '1 day 2 hours'}.
   */
  private Expression interval(Token keyword) {
    int start = keyword.position() - 1; // positions count from 1
    long[] value = new long[2];
    do {
      boolean negative = acceptSymbol("-");
      Token amount = peek();
      index++;
      try {
        if (amount.kind() == Kind.STRING && !isUnit(peek())) {
          String[] words = amount.text().trim().split("\\s+");
          if (words.length % 2 != 0) {
            throw new IllegalArgumentException("'" + amount.text() + "' is not pairs of an amount and a unit");
          }
          for (int i = 0; i < words.length; i += 2) {
            IntervalLiteral.add(value, signed(new java.math.BigDecimal(words[i]), negative), words[i + 1]);
          }
          continue;
        }
        if (amount.kind() != Kind.STRING && amount.kind() != Kind.INTEGER && amount.kind() != Kind.DECIMAL) {
          throw new IllegalArgumentException("expected an amount");
        }
        Token unit = peek();
        if (!isUnit(unit)) {
          throw new IllegalArgumentException("expected a unit (YEAR, MONTH, WEEK, DAY, HOUR, MINUTE, SECOND, ..)");
        }
        index++;
        if (acceptKeyword("TO")) {
          Token last = peek();
          index++;
          rangeInterval(value, amount.text(), unit.text(), last.text(), negative);
        } else {
          IntervalLiteral.add(value, signed(new java.math.BigDecimal(amount.text().trim()), negative), unit.text());
        }
      } catch (IllegalArgumentException | ArithmeticException e) {
        throw SqlLexer.syntaxError(sql, amount.position(), "invalid INTERVAL: " + e.getMessage());
      }
    } while (peek().kind() == Kind.INTEGER || peek().kind() == Kind.DECIMAL || peek().kind() == Kind.STRING);
    int end = index < tokens.size() ? peek().position() - 1 : sql.length();
    return new IntervalLiteral((int) value[0], value[1], sql.substring(start, Math.min(end, sql.length())).trim());
  }

  private static boolean isUnit(Token t) {
    if (t.kind() != Kind.IDENTIFIER) {
      return false;
    }
    String u = t.text().toUpperCase(java.util.Locale.ROOT);
    return u.matches("(YEAR|MONTH|WEEK|DAY|HOUR|MINUTE|SECOND|MILLISECOND|MICROSECOND)S?");
  }

  private static java.math.BigDecimal signed(java.math.BigDecimal amount, boolean negative) {
    return negative ? amount.negate() : amount;
  }

  /** {@code 'y-m' YEAR TO MONTH} or {@code '[d ]hh:mm:ss[.f]' DAY|HOUR|MINUTE TO SECOND}. */
  private static void rangeInterval(long[] value, String text, String from, String to, boolean negative) {
    String f = from.toUpperCase(java.util.Locale.ROOT);
    String t = to.toUpperCase(java.util.Locale.ROOT);
    String body = text.trim();
    boolean minus = negative ^ body.startsWith("-");
    body = body.startsWith("-") || body.startsWith("+") ? body.substring(1) : body;
    if (f.equals("YEAR") && t.equals("MONTH")) {
      String[] parts = body.split("-");
      IntervalLiteral.add(value, signed(new java.math.BigDecimal(parts[0]), minus), "YEAR");
      IntervalLiteral.add(value, signed(new java.math.BigDecimal(parts[1]), minus), "MONTH");
      return;
    }
    if (!t.equals("SECOND") && !t.equals("MINUTE") && !t.equals("HOUR")) {
      throw new IllegalArgumentException(from + " TO " + to + " is not an interval range Millrace reads");
    }
    String[] dayAndTime = f.equals("DAY") ? body.split("\\s+", 2) : new String[] {"0", body};
    IntervalLiteral.add(value, signed(new java.math.BigDecimal(dayAndTime[0]), minus), "DAY");
    String[] fields = dayAndTime[1].split(":");
    String[] units = f.equals("MINUTE") ? new String[] {"MINUTE", "SECOND"} : new String[] {"HOUR", "MINUTE", "SECOND"};
    for (int i = 0; i < fields.length && i < units.length; i++) {
      IntervalLiteral.add(value, signed(new java.math.BigDecimal(fields[i]), minus), units[i]);
    }
  }

  /**
   * A numeric literal, typed as Spark types it: an integer is INT when it fits, else BIGINT,
   * else DECIMAL; a number with a point is DECIMAL of its digits ({@code 1.50} is
   * DECIMAL(3,2)), one with an exponent DOUBLE; a suffix says the type: {@code Y} TINYINT,
   * {@code S} SMALLINT, {@code L} BIGINT, {@code F} FLOAT, {@code D} DOUBLE, {@code BD} DECIMAL.
   */
  private Expression number(Token t, boolean negative) {
    String text = (negative ? "-" : "") + t.text();
    String upper = text.toUpperCase(java.util.Locale.ROOT);
    String suffix = upper.endsWith("BD") ? "BD" : Character.isLetter(upper.charAt(upper.length() - 1))
        ? upper.substring(upper.length() - 1) : "";
    String digits = text.substring(0, text.length() - suffix.length());
    try {
      switch (suffix) {
        case "D": return Literal.of(Double.parseDouble(digits), DataType.DOUBLE);
        case "F": return Literal.of(Float.parseFloat(digits), DataType.FLOAT);
        case "BD": return decimal(new java.math.BigDecimal(digits), t);
        case "Y": return Literal.of(Byte.parseByte(digits), DataType.BYTE);
        case "S": return Literal.of(Short.parseShort(digits), DataType.SHORT);
        case "L": return Literal.of(Long.parseLong(digits), DataType.LONG);
        default:
          if (upper.contains("E")) {
            return Literal.of(Double.parseDouble(digits), DataType.DOUBLE);
          }
          java.math.BigDecimal value = new java.math.BigDecimal(digits);
          if (digits.contains(".") || value.compareTo(java.math.BigDecimal.valueOf(Long.MAX_VALUE)) > 0
              || value.compareTo(java.math.BigDecimal.valueOf(Long.MIN_VALUE)) < 0) {
            return decimal(value, t);
          }
          long whole = value.longValueExact();
          return whole == (int) whole ? Literal.of((int) whole, DataType.INT) : Literal.of(whole, DataType.LONG);
      }
    } catch (NumberFormatException | ArithmeticException e) {
      throw SqlLexer.syntaxError(sql, t.position(), "number " + text + " is out of the range of its type");
    }
  }

  /** A DECIMAL literal of {@code value}'s digits: DECIMAL(max(precision, scale), scale), as Spark's. */
  private Expression decimal(java.math.BigDecimal value, Token t) {
    int scale = Math.max(value.scale(), 0);
    java.math.BigDecimal exact = value.setScale(scale);
    int precision = Math.max(exact.precision(), scale);
    if (precision > DataType.MAX_PRECISION) {
      throw SqlLexer.syntaxError(sql, t.position(), "decimal " + t.text() + " has more than "
          + DataType.MAX_PRECISION + " digits");
    }
    return Literal.of(exact, DataType.decimal(precision, scale));
  }

  private String alias() {
    Token t = peek();
    if (!isName(t)) {
      throw expected("an alias");
    }
    index++;
    return t.text();
  }

  /** {@code (a, b, ..)}: the names of a generator's columns. */
  private List<String> aliases() {
    expectSymbol("(");
    List<String> names = new ArrayList<>();
    do {
      names.add(alias());
    } while (acceptSymbol(","));
    expectSymbol(")");
    return names;
  }

  /** A word that can name a column or an alias: a non-keyword identifier or a quoted one. */
  private boolean isName(Token t) {
    return t.kind() == Kind.QUOTED_IDENTIFIER || t.kind() == Kind.IDENTIFIER && !SqlText.isKeyword(t.text());
  }

  // ---- token handling ----

  private Token peek() {
    return tokens.get(index);
  }

  private boolean acceptSymbol(String symbol) {
    if (peek().isSymbol(symbol)) {
      index++;
      return true;
    }
    return false;
  }

  private boolean acceptKeyword(String keyword) {
    if (peek().isKeyword(keyword)) {
      index++;
      return true;
    }
    return false;
  }

  /**
   * Reads {@code word} where an operator may stand, when an operand follows it: after
   * {@code amount}, {@code div 2} is the operator and a lone {@code div} is an alias.
   */
  private boolean acceptOperatorWord(String word) {
    Token next = tokens.get(Math.min(index + 1, tokens.size() - 1));
    boolean operandFollows = next.kind() != Kind.EOF && !next.isSymbol(")") && !next.isSymbol(",");
    return operandFollows && acceptKeyword(word);
  }

  private void expectSymbol(String symbol) {
    if (!acceptSymbol(symbol)) {
      throw expected("'" + symbol + "'");
    }
  }

  private void expectKeyword(String keyword) {
    if (!acceptKeyword(keyword)) {
      throw expected(keyword);
    }
  }

  private void expectEnd() {
    if (peek().kind() != Kind.EOF) {
      throw expected("end of input");
    }
  }

  /** The error for finding the next token where {@code what} should be. */
  private AnalysisException expected(String what) {
    Token t = peek();
    String found = t.kind() == Kind.EOF ? "" : " but found " + t.source();
    return SqlLexer.syntaxError(sql, t.position(), "expected " + what + found);
  }
}
