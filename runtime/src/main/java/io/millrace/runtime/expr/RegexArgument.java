package io.millrace.runtime.expr;

import com.google.common.cache.CacheBuilder;
import com.google.common.cache.CacheLoader;
import com.google.common.cache.LoadingCache;
import com.google.common.util.concurrent.UncheckedExecutionException;
import io.millrace.spi.data.Row;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The regular expression argument of {@code regexp_replace}, {@code regexp_extract},
 * {@code rlike} and {@code split}, in Java's syntax as Spark takes it. A literal pattern, the
 * usual case, is compiled once when the call is bound, and an invalid one fails there; a
 * pattern computed per row is compiled on first sight and kept in a small cache, and an
 * invalid one fails the row's evaluation, as in Spark.
 */
final class RegexArgument {
  /** Patterns a per-row argument keeps; rows usually repeat a few patterns. */
  private static final int CACHED_PATTERNS = 64;

  private final Expression call;
  private final BoundExpression text;
  private final Pattern constant;
  private final LoadingCache<String, Pattern> cache;

  private RegexArgument(Expression call, BoundExpression text, Pattern constant) {
    this.call = call;
    this.text = text;
    this.constant = constant;
    this.cache = constant != null ? null
        : CacheBuilder.newBuilder().maximumSize(CACHED_PATTERNS).build(CacheLoader.from(Pattern::compile));
  }

  /**
   * The pattern argument {@code source} of {@code call}, bound: a literal is compiled here.
   *
   * @throws io.millrace.api.AnalysisException for a literal that is no regular expression
   */
  static RegexArgument bind(BoundExpression bound, Expression source, Expression call) {
    BoundExpression text = TypeCoercion.asString(bound, source, call);
    if (!Literal.isConstant(text) || Literal.constantValue(text) == null) {
      return new RegexArgument(call, text, null);
    }
    String pattern = (String) Literal.constantValue(text);
    try {
      return new RegexArgument(call, text, Pattern.compile(pattern));
    } catch (PatternSyntaxException e) {
      throw TypeCoercion.error(call, "the regular expression " + SqlText.string(pattern) + " is invalid: "
          + e.getDescription() + " near index " + e.getIndex());
    }
  }

  /** The pattern's text for {@code row}, or null when it is NULL (a NULL literal is NULL for every row). */
  String text(Row row, EvalContext context) {
    return constant != null ? constant.pattern() : (String) text.eval(row, context);
  }

  /**
   * The compiled pattern of {@code text}, which {@link #text} gave; the caller compiles only once
   * every argument of the row is known not to be NULL, as Spark does.
   *
   * @throws IllegalArgumentException naming the call when a per-row pattern is invalid
   */
  Pattern compile(String pattern) {
    if (constant != null) {
      return constant;
    }
    try {
      return cache.getUnchecked(pattern);
    } catch (UncheckedExecutionException e) {
      if (!(e.getCause() instanceof PatternSyntaxException)) {
        throw e;
      }
      PatternSyntaxException cause = (PatternSyntaxException) e.getCause();
      throw new IllegalArgumentException(call + ": the regular expression " + SqlText.string(pattern)
          + " is invalid: " + cause.getDescription() + " near index " + cause.getIndex(), cause);
    }
  }
}
