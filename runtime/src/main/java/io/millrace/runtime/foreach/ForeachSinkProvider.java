package io.millrace.runtime.foreach;

import io.millrace.api.ForeachWriter;
import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.Options;
import io.millrace.spi.Spi;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.SinkContext;
import io.millrace.spi.sink.SinkProvider;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The {@code foreach} sink by name, for job files and {@code format("foreach")}: option
 * {@code writer} names a {@link ForeachWriter} class, created once per task with a public
 * constructor that takes the sink's other options as a {@code Map<String, String>}, or else with
 * its no-argument one (then the sink takes no other option).
 */
public final class ForeachSinkProvider implements SinkProvider {
  static final String WRITER = "writer";

  @Override
  public String name() {
    return "foreach";
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  @Override
  public String description() {
    return "each task's rows to a ForeachWriter class (option writer), at-least-once";
  }

  @Override
  public Sink create(SinkContext context) {
    Options options = context.options();
    String className = options.require(WRITER);
    Map<String, String> rest = new LinkedHashMap<>(options.asMap());
    rest.keySet().removeIf(k -> k.equalsIgnoreCase(WRITER));
    Class<? extends ForeachWriter> type = writerClass(options, className);
    Supplier<ForeachWriter> writers = constructor(options, type, rest);
    return new ForeachSink(writers);
  }

  private static Class<? extends ForeachWriter> writerClass(Options options, String className) {
    Class<?> type;
    try {
      type = Class.forName(className, true, loader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new InvalidOptionException(WRITER, "option 'writer' of " + options.owner() + " names the class '" + className
          + "', which cannot be loaded: " + e + "; put its jar on the application's class path (a plugin folder "
          + "cannot hold it: plugins see only the SPI, not ForeachWriter)");
    }
    if (!ForeachWriter.class.isAssignableFrom(type)) {
      throw new InvalidOptionException(WRITER, "option 'writer' of " + options.owner() + " names " + className
          + ", which does not extend " + ForeachWriter.class.getName());
    }
    if (java.lang.reflect.Modifier.isAbstract(type.getModifiers())) {
      throw new InvalidOptionException(WRITER, "option 'writer' of " + options.owner() + " names " + className
          + ", which is abstract; name a concrete subclass");
    }
    return type.asSubclass(ForeachWriter.class);
  }

  private static Supplier<ForeachWriter> constructor(Options options, Class<? extends ForeachWriter> type,
      Map<String, String> rest) {
    Map<String, String> settings = Map.copyOf(rest);
    try {
      Constructor<? extends ForeachWriter> withOptions = type.getConstructor(Map.class);
      return () -> create(options, withOptions, settings);
    } catch (NoSuchMethodException noMapConstructor) {
      if (!rest.isEmpty()) {
        String key = rest.keySet().iterator().next();
        throw new InvalidOptionException(key, "option '" + key + "' of " + options.owner() + " is not known: "
            + type.getName() + " has no public constructor taking a Map<String, String> of options");
      }
    }
    try {
      Constructor<? extends ForeachWriter> plain = type.getConstructor();
      return () -> create(options, plain);
    } catch (NoSuchMethodException e) {
      throw new InvalidOptionException(WRITER, type.getName() + " (option 'writer' of " + options.owner()
          + ") needs a public constructor taking a Map<String, String> of options, or a public no-argument one");
    }
  }

  private static ForeachWriter create(Options options, Constructor<? extends ForeachWriter> constructor,
      Object... arguments) {
    try {
      return constructor.newInstance(arguments);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException(options.owner() + ": creating " + constructor.getDeclaringClass().getName()
          + " failed: " + e.getCause(), e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(options.owner() + ": cannot create " + constructor.getDeclaringClass().getName()
          + ": " + e, e);
    }
  }

  private static ClassLoader loader() {
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    return context != null ? context : ForeachSinkProvider.class.getClassLoader();
  }
}
