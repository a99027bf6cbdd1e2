package io.millrace.api.state;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;

/** A record's values as rows, one field per component ({@link StateCodecs#record}). */
final class RecordCodec<R extends Record> implements StateCodec<R> {
  private final Class<R> type;
  private final Schema schema;
  private final Method[] accessors;
  private final Type[] types;
  private final Constructor<R> constructor;

  private RecordCodec(Class<R> type) {
    this.type = type;
    this.schema = JavaTypes.recordSchema(type);
    RecordComponent[] components = type.getRecordComponents();
    this.accessors = new Method[components.length];
    this.types = new Type[components.length];
    Class<?>[] parameters = new Class<?>[components.length];
    for (int i = 0; i < components.length; i++) {
      accessors[i] = components[i].getAccessor();
      accessors[i].setAccessible(true);
      types[i] = components[i].getGenericType();
      parameters[i] = components[i].getType();
    }
    try {
      this.constructor = type.getDeclaredConstructor(parameters);
      constructor.setAccessible(true);
    } catch (NoSuchMethodException e) {
      throw new IllegalArgumentException("record " + type.getName() + " has no canonical constructor", e);
    }
  }

  /**
   * The codec of {@code type}, one per class. A processor asks for its codecs in {@code init},
   * which runs per partition and batch, and the JVM hands out new {@code Method}s for a record's
   * components on every ask: a codec made per ask would have the JVM generate and compile new
   * accessor classes for each, for as long as the query runs.
   */
  @SuppressWarnings("unchecked")
  static <R extends Record> RecordCodec<R> of(Class<R> type) {
    if (!type.isRecord()) {
      throw new IllegalArgumentException(type.getName() + " is not a record");
    }
    return (RecordCodec<R>) CODECS.get(type);
  }

  @Override
  public Schema schema() {
    return schema;
  }

  @Override
  public Row encode(R value) {
    Object[] values = new Object[accessors.length];
    for (int i = 0; i < values.length; i++) {
      values[i] = JavaTypes.toEngine(invoke(accessors[i], value), schema.field(i).type());
    }
    return Row.wrap(values);
  }

  @Override
  public R decode(Row row) {
    Object[] args = new Object[accessors.length];
    for (int i = 0; i < args.length; i++) {
      Object v = JavaTypes.toJava(row.get(i), schema.field(i).type(), types[i]);
      if (v == null && constructor.getParameterTypes()[i].isPrimitive()) {
        throw new IllegalStateException("component " + accessors[i].getName() + " of " + type.getName()
            + " is a primitive, but the kept value has none");
      }
      args[i] = v;
    }
    try {
      return constructor.newInstance(args);
    } catch (InstantiationException | IllegalAccessException e) {
      throw new IllegalStateException("cannot make a " + type.getName() + ": " + e, e);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException("the constructor of " + type.getName() + " refused a kept value: "
          + e.getCause(), e.getCause());
    }
  }

  @Override
  public String describe() {
    return "record " + type.getName() + " " + schema;
  }

  /** Each record class's codec, made once, with its reflective accessors (see {@link #of}). */
  private static final ClassValue<RecordCodec<?>> CODECS = new ClassValue<>() {
    @Override
    protected RecordCodec<?> computeValue(Class<?> type) {
      return new RecordCodec<>(type.asSubclass(Record.class));
    }
  };

  /** A nested record as a row. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static Row encodeAny(Record value) {
    return ((RecordCodec) CODECS.get(value.getClass())).encode(value);
  }

  /** A nested record of class {@code type} from a row. */
  static Object decodeAny(Row row, Class<?> type) {
    return CODECS.get(type).decode(row);
  }

  private static Object invoke(Method accessor, Object on) {
    try {
      return accessor.invoke(on);
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException("cannot read " + accessor.getName() + " of " + on.getClass().getName() + ": " + e,
          e);
    }
  }
}
