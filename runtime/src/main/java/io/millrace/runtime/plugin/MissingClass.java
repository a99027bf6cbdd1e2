package io.millrace.runtime.plugin;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Reads a failure for the class that was missing: a {@link NoClassDefFoundError} whose message
 * is a class name (the JVM writes {@code com/google/common/base/Strings}), anywhere in the cause
 * chain. Other {@code NoClassDefFoundError}s, such as "Could not initialize class", are not about
 * a missing class and are left alone.
 */
final class MissingClass {
  private static final Pattern CLASS_NAME = Pattern.compile("[\\p{javaJavaIdentifierPart}/.$]+");

  private MissingClass() {}

  /** The error that says a class was missing, if {@code failure} or one of its causes is one. */
  static Optional<NoClassDefFoundError> in(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof NoClassDefFoundError e && e.getMessage() != null && CLASS_NAME.matcher(e.getMessage()).matches()) {
        return Optional.of(e);
      }
    }
    return Optional.empty();
  }

  /** The missing class's name as Java spells it: {@code com.google.common.base.Strings}. */
  static String name(NoClassDefFoundError error) {
    return error.getMessage().replace('/', '.');
  }
}
