package io.millrace.source.file;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.Options;
import java.util.List;
import java.util.Locale;

/**
 * The limits Jackson puts on one JSON value, as the options that set them. Names and defaults
 * are Spark's JSON options ({@code maxStringLen} 20,000,000 characters, {@code maxNumLen} 1,000
 * digits, {@code maxNestingDepth} 1,000), which are Jackson's own defaults. A line with a value
 * past a limit is not bad data but a value this configuration cannot hold, so the error or the
 * warning it raises names the option to raise (see {@link FilePartitionReader}).
 */
record JsonLimits(int maxStringLen, int maxNumLen, int maxNestingDepth) {
  static final String MAX_STRING_LEN = "maxStringLen";
  static final String MAX_NUM_LEN = "maxNumLen";
  static final String MAX_NESTING_DEPTH = "maxNestingDepth";
  static final List<String> OPTIONS = List.of(MAX_STRING_LEN, MAX_NUM_LEN, MAX_NESTING_DEPTH);

  /** Reads the limits; they apply to format json only, and setting one for another format is refused. */
  static JsonLimits read(Options options, FileFormat format) {
    for (String option : OPTIONS) {
      if (format != FileFormat.JSON && options.contains(option)) {
        throw new InvalidOptionException(option, "option '" + option + "' of " + options.owner()
            + " limits JSON values and applies to format json only; the format is "
            + format.name().toLowerCase(Locale.ROOT));
      }
    }
    StreamReadConstraints jackson = StreamReadConstraints.defaults();
    return new JsonLimits(options.getInt(MAX_STRING_LEN, jackson.getMaxStringLength(), 1),
        options.getInt(MAX_NUM_LEN, jackson.getMaxNumberLength(), 1),
        options.getInt(MAX_NESTING_DEPTH, jackson.getMaxNestingDepth(), 1));
  }

  /** A parser factory that enforces these limits (thread-safe; one per source). */
  JsonFactory factory() {
    StreamReadConstraints constraints = StreamReadConstraints.builder()
        .maxStringLength(maxStringLen)
        .maxNumberLength(maxNumLen)
        .maxNestingDepth(maxNestingDepth)
        .build();
    return JsonFactory.builder()
        .streamReadConstraints(constraints)
        .enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER)
        .build();
  }

  /**
   * The option behind the limit that {@code e} reports, or null for a limit no option of this
   * source sets (Jackson's 50,000-character field names). Jackson names the limit only in its
   * message, as the getter of {@link StreamReadConstraints} it comes from.
   */
  static String optionOf(StreamConstraintsException e) {
    String message = String.valueOf(e.getOriginalMessage());
    if (message.contains("getMaxStringLength")) {
      return MAX_STRING_LEN;
    }
    if (message.contains("getMaxNumberLength")) {
      return MAX_NUM_LEN;
    }
    if (message.contains("getMaxNestingDepth")) {
      return MAX_NESTING_DEPTH;
    }
    return null;
  }

  /** What {@code e} says, with the option to raise instead of Jackson's getter. */
  String describe(StreamConstraintsException e, String option) {
    String message = String.valueOf(e.getOriginalMessage()).replaceFirst(", from `[^`]*`\\)", ")");
    return option == null
        ? message + ", a limit of the JSON parser that no option of the file source changes"
        : message + ": raise option '" + option + "' (now " + value(option) + ") to read it";
  }

  private int value(String option) {
    return switch (option) {
      case MAX_STRING_LEN -> maxStringLen;
      case MAX_NUM_LEN -> maxNumLen;
      default -> maxNestingDepth;
    };
  }
}
