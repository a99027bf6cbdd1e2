package io.millrace.runtime.foreach;

import io.millrace.api.AnalysisException;
import io.millrace.api.ForeachWriter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.util.function.Supplier;

/**
 * A copy of one writer per task, as Spark gives each task its own deserialized writer: the
 * writer is serialized once when the query starts, where a writer that cannot be is refused.
 */
final class WriterCopies implements Supplier<ForeachWriter> {
  private final byte[] serialized;
  private final ClassLoader loader;

  private WriterCopies(byte[] serialized, ClassLoader loader) {
    this.serialized = serialized;
    this.loader = loader;
  }

  static WriterCopies of(ForeachWriter writer) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(writer);
    } catch (IOException e) {
      throw new AnalysisException("the ForeachWriter given to foreach(..) (" + writer.getClass().getName()
          + ") cannot be serialized: " + e + ". Each task works on its own copy of it, as in Spark, so the writer and "
          + "what its fields hold must be Serializable (keep a connection in a transient field opened in open(..))", e);
    }
    return new WriterCopies(bytes.toByteArray(), writer.getClass().getClassLoader());
  }

  @Override
  public ForeachWriter get() {
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(serialized)) {
      @Override
      protected Class<?> resolveClass(java.io.ObjectStreamClass desc) throws IOException, ClassNotFoundException {
        try {
          return Class.forName(desc.getName(), false, loader);
        } catch (ClassNotFoundException e) {
          return super.resolveClass(desc);
        }
      }
    }) {
      return (ForeachWriter) in.readObject();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot copy the ForeachWriter for a task", e);
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException("cannot copy the ForeachWriter for a task", e);
    }
  }
}
