package io.millrace.tck.child;

import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import java.util.Optional;

/**
 * How a child JVM recreates the plugin under test: from its class name, by the public
 * no-argument constructor that {@code ServiceLoader} needs too.
 */
public final class ChildPlugins {
  private ChildPlugins() {}

  /**
   * Why a child JVM cannot create {@code pluginClass}, if it cannot: the rules that need a
   * child JVM skip with this reason.
   */
  public static Optional<String> whyNotCreatable(Class<?> pluginClass) {
    for (Class<?> c = pluginClass; c != null; c = c.getEnclosingClass()) {
      boolean nestedInstance = c.getEnclosingClass() != null && !Modifier.isStatic(c.getModifiers());
      if (!Modifier.isPublic(c.getModifiers()) || nestedInstance || c.isAnonymousClass() || c.isLocalClass()) {
        return Optional.of(pluginClass.getName() + " is not a public class reachable by name (public, top-level or"
            + " public static nested in public classes)");
      }
    }
    try {
      Constructor<?> c = pluginClass.getConstructor();
      return Modifier.isPublic(c.getModifiers()) ? Optional.empty()
          : Optional.of(pluginClass.getName() + " has no public no-argument constructor");
    } catch (NoSuchMethodException e) {
      return Optional.of(pluginClass.getName() + " has no public no-argument constructor (ServiceLoader needs one too)");
    }
  }

  /** A new {@code type} from the class named {@code className}, in the child. */
  public static <T> T create(String className, Class<T> type) throws ReflectiveOperationException {
    Class<?> c = Class.forName(className, true, Thread.currentThread().getContextClassLoader());
    return type.cast(c.getConstructor().newInstance());
  }
}
