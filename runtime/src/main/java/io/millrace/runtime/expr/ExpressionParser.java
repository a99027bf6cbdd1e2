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
 *       [NOT] IN (...), [NOT] BETWEEN a AND b, [NOT] LIKE, [NOT] RLIKE (or REGEXP)
 *   + - ||
 *   * / %
 *   unary - and +
 *   literals, columns, (...), function calls, CASE, CAST
 * </pre>
 *
 * <p>Binary operators associate to the left. Keywords are case-insensitive and reserved: a
 * column named like one is written in backquotes. Literals: {@code 'text'} (a doubled quote
 * for a quote), integers (INT when they fit, else LONG; {@code L} forces LONG), decimals (DOUBLE;
 * {@code D} forces DOUBLE), {@code TRUE}, {@code FALSE}, {@code NULL}, {@code X'0AFF'} and
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
      e = new Alias(e, parser.alias());
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
        expectKeyword("NULL");
        e = new NullCheck(e, negated);
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
    return primary();
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
        throw expected("an expression");
    }
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
    if (!acceptSymbol(")")) {
      do {
        args.add(expression());
      } while (acceptSymbol(","));
      expectSymbol(")");
    }
    try {
      return FunctionRegistry.call(name.text(), args);
    } catch (IllegalArgumentException e) {
      throw SqlLexer.syntaxError(sql, name.position(), e.getMessage());
    }
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
