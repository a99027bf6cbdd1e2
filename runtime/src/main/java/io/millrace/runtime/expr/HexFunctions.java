package io.millrace.runtime.expr;

import static io.millrace.runtime.expr.SimpleFunction.Arg.ANY;
import static io.millrace.runtime.expr.SimpleFunction.Arg.STRING;

import com.google.common.io.BaseEncoding;
import io.millrace.spi.data.DataType;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Spark's {@code hex(x)} and {@code unhex(text)}: how binary Kafka keys, values and header
 * values are looked at and written as text. {@code hex} of a number is the upper-case hex of
 * its two's-complement LONG (a fraction cut first, as a cast does), of text (or a BOOLEAN's text) its
 * UTF-8 bytes'.
 * {@code unhex} of an odd number of digits reads a leading 0; a non-hex digit gives NULL.
 */
final class HexFunctions {
  private static final BaseEncoding HEX = BaseEncoding.base16();

  private HexFunctions() {}

  static void register() {
    FunctionRegistry.register("hex(number, text or binary)", "hex(17) = '11'; hex('Spark') = '537061726B'",
        new SimpleFunction.Signature("hex", List.of(ANY), types -> {
          DataType t = types.get(0);
          if (!t.isNumeric() && t.kind() != DataType.Kind.STRING && t.kind() != DataType.Kind.BINARY
              && t.kind() != DataType.Kind.BOOLEAN) {
            throw new IllegalArgumentException("hex takes a number, BOOLEAN, STRING or BINARY but got " + t);
          }
          return DataType.STRING;
        }, v -> hex(v[0])));
    FunctionRegistry.register("unhex(text)", "CAST(unhex('537061726B') AS STRING) = 'Spark'",
        SimpleFunction.Signature.of("unhex", DataType.BINARY, v -> unhex((String) v[0]), STRING));
  }

  private static String hex(Object value) {
    if (value instanceof byte[] bytes) {
      return HEX.encode(bytes);
    }
    if (value instanceof String || value instanceof Boolean) { // a BOOLEAN as its text, as Spark casts it
      String text = value.toString();
      return HEX.encode(text.getBytes(StandardCharsets.UTF_8));
    }
    long n = value instanceof BigDecimal d ? d.longValue() : ((Number) value).longValue();
    return Long.toHexString(n).toUpperCase(java.util.Locale.ROOT);
  }

  private static byte[] unhex(String text) {
    String digits = text.length() % 2 == 0 ? text : "0" + text;
    byte[] out = new byte[digits.length() / 2];
    for (int i = 0; i < out.length; i++) {
      int high = Character.digit(digits.charAt(2 * i), 16);
      int low = Character.digit(digits.charAt(2 * i + 1), 16);
      if (high < 0 || low < 0) {
        return null;
      }
      out[i] = (byte) (high << 4 | low);
    }
    return out;
  }
}
