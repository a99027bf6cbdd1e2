package io.millrace.tck;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.util.Optional;

/**
 * Copies a value through Java serialization, as a runner in another process would receive it:
 * a source's planned partition, a sink task's commit message. Classes resolve through the value's
 * own class loader, which may be a plugin's that the TCK's loader does not see.
 */
public final class JavaSerialization {
  private JavaSerialization() {}

  /** A copy of {@code value}, or empty if it does not survive serialization. */
  public static <T extends Serializable> Optional<T> copy(T value) {
    try {
      return Optional.of(roundTrip(value));
    } catch (IOException | ClassNotFoundException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** Why {@code value} does not survive Java serialization, or empty if it does. */
  public static Optional<String> whyNot(Serializable value) {
    if (value == null) {
      return Optional.of("the value is null");
    }
    try {
      roundTrip(value);
      return Optional.empty();
    } catch (IOException | ClassNotFoundException | RuntimeException e) {
      return Optional.of(e.toString());
    }
  }

  @SuppressWarnings("unchecked")
  private static <T extends Serializable> T roundTrip(T value) throws IOException, ClassNotFoundException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(value);
    }
    ClassLoader loader = value.getClass().getClassLoader();
    try (ObjectInputStream in = new LoaderObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()), loader)) {
      return (T) in.readObject();
    }
  }

  private static final class LoaderObjectInputStream extends ObjectInputStream {
    private final ClassLoader loader;

    LoaderObjectInputStream(InputStream in, ClassLoader loader) throws IOException {
      super(in);
      this.loader = loader;
    }

    @Override
    protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
      try {
        return Class.forName(desc.getName(), false, loader);
      } catch (ClassNotFoundException e) {
        return super.resolveClass(desc);
      }
    }
  }
}
