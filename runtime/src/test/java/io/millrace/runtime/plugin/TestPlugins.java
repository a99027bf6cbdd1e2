package io.millrace.runtime.plugin;

import io.millrace.spi.sink.SinkProvider;
import io.millrace.spi.source.SourceProvider;
import io.millrace.spi.storage.StorageProvider;
import io.millrace.spi.trigger.TriggerPolicyProvider;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Sources of the small plugins the tests compile, and shortcuts that build them into jars.
 * Every provider lives in package {@code test.plugins}. Providers of sources and storage are
 * only ever discovered, never run, so their factory methods refuse.
 */
final class TestPlugins {
  static final String PACKAGE = "test.plugins";

  /** A class in Guava 32 and later, absent from 31: seeing it tells which Guava a plugin got. */
  static final String GUAVA_32_CLASS = "com.google.common.annotations.J2ktIncompatible";

  private final Path workDir;

  /** Shortcuts that compile in folders under {@code workDir}. */
  TestPlugins(Path workDir) {
    this.workDir = workDir;
  }

  /** A new builder that compiles against the SPI. */
  PluginJarBuilder builder() {
    return new PluginJarBuilder(workDir).classpath(TestLibs.spi());
  }

  /** A jar with one source named {@code name} that reports SPI version {@code spiVersion}. */
  Path sourceJar(Path jar, String className, String name, String spiVersion) throws IOException {
    return builder()
        .source(fqcn(className), source(className, name, spiVersion))
        .service(SourceProvider.class, fqcn(className))
        .writeTo(jar);
  }

  /** A jar with one sink named {@code name}. */
  Path sinkJar(Path jar, String className, String name) throws IOException {
    return builder()
        .source(fqcn(className), sink(className, name))
        .service(SinkProvider.class, fqcn(className))
        .writeTo(jar);
  }

  /** A jar with one trigger policy named {@code name}. */
  Path triggerJar(Path jar, String className, String name) throws IOException {
    return builder()
        .source(fqcn(className), trigger(className, name))
        .service(TriggerPolicyProvider.class, fqcn(className))
        .writeTo(jar);
  }

  /** A jar with one storage plugin named {@code name} serving {@code schemes}. */
  Path storageJar(Path jar, String className, String name, Set<String> schemes) throws IOException {
    return builder()
        .source(fqcn(className), storage(className, name, schemes))
        .service(StorageProvider.class, fqcn(className))
        .writeTo(jar);
  }

  static String fqcn(String className) {
    return PACKAGE + "." + className;
  }

  /**
   * A source provider reporting {@code spiVersion} as a literal, exactly what javac leaves in a
   * plugin built against that SPI, since it inlines {@code Spi.VERSION}.
   */
  static String source(String className, String name, String spiVersion) {
    return """
        package test.plugins;

        public final class %1$s implements io.millrace.spi.source.SourceProvider {
          public String name() { return "%2$s"; }
          public String spiVersion() { return "%3$s"; }
          public io.millrace.spi.source.Source create(io.millrace.spi.source.SourceContext context) {
            throw new UnsupportedOperationException("test plugin %2$s is only discovered, never run");
          }
        }
        """.formatted(className, name, spiVersion);
  }

  /** A sink provider whose sinks drop every batch. */
  static String sink(String className, String name) {
    return """
        package test.plugins;

        import io.millrace.spi.sink.*;

        public final class %1$s implements SinkProvider {
          public String name() { return "%2$s"; }
          public String spiVersion() { return io.millrace.spi.Spi.VERSION; }
          public Sink create(SinkContext context) {
            return new Sink() {
              public DeliveryGuarantee guarantee() { return DeliveryGuarantee.NONE; }
              public void addBatch(long batchId, Batch batch) {}
            };
          }
        }
        """.formatted(className, name);
  }

  /** A trigger policy provider whose policies stop at once. */
  static String trigger(String className, String name) {
    return """
        package test.plugins;

        import io.millrace.spi.trigger.*;

        public final class %1$s implements TriggerPolicyProvider {
          public String name() { return "%2$s"; }
          public String spiVersion() { return io.millrace.spi.Spi.VERSION; }
          public TriggerPolicy create(io.millrace.spi.Options options) {
            return state -> TriggerDecision.stop("test plugin %2$s");
          }
        }
        """.formatted(className, name);
  }

  /** A storage provider serving {@code schemes}. */
  static String storage(String className, String name, Set<String> schemes) {
    String literals = schemes.stream().map(s -> "\"" + s + "\"").collect(Collectors.joining(", "));
    return """
        package test.plugins;

        public final class %1$s implements io.millrace.spi.storage.StorageProvider {
          public String name() { return "%2$s"; }
          public String spiVersion() { return io.millrace.spi.Spi.VERSION; }
          public java.util.Set<String> schemes() { return java.util.Set.of(%3$s); }
          public io.millrace.spi.storage.Storage open(java.net.URI uri, io.millrace.spi.Options options)
              throws java.io.IOException {
            throw new java.io.IOException("test plugin %2$s is only discovered, never opened");
          }
        }
        """.formatted(className, name, literals);
  }

  /**
   * A source whose description reports the Guava it sees: the version in the
   * {@code pom.properties} its class loader finds, the jar its {@code Preconditions} came from,
   * and whether {@link #GUAVA_32_CLASS} exists. Compiled against a Guava jar.
   */
  static String guavaProbe(String className, String name) {
    return """
        package test.plugins;

        import com.google.common.base.Preconditions;
        import java.io.IOException;
        import java.io.InputStream;
        import java.io.UncheckedIOException;
        import java.util.Properties;

        public final class %1$s implements io.millrace.spi.source.SourceProvider {
          public String name() { return "%2$s"; }
          public String spiVersion() { return io.millrace.spi.Spi.VERSION; }

          public String description() {
            Properties pom = new Properties();
            try (InputStream in = Preconditions.class.getResourceAsStream(
                "/META-INF/maven/com.google.guava/guava/pom.properties")) {
              pom.load(Preconditions.checkNotNull(in, "Guava's pom.properties"));
            } catch (IOException e) {
              throw new UncheckedIOException(e);
            }
            String jar = Preconditions.class.getProtectionDomain().getCodeSource().getLocation().getPath();
            return "guava " + pom.getProperty("version")
                + " from " + jar.substring(jar.lastIndexOf('/') + 1)
                + ", J2ktIncompatible " + (visible("%3$s") ? "present" : "absent");
          }

          private boolean visible(String className) {
            try {
              Class.forName(className, false, getClass().getClassLoader());
              return true;
            } catch (ClassNotFoundException e) {
              return false;
            }
          }

          public io.millrace.spi.source.Source create(io.millrace.spi.source.SourceContext context) {
            throw new UnsupportedOperationException("test plugin %2$s is only discovered, never run");
          }
        }
        """.formatted(className, name, GUAVA_32_CLASS);
  }

  /** A source compiled against Guava whose description calls Guava, for jars that leave Guava out. */
  static String guavaCaller(String className, String name) {
    return """
        package test.plugins;

        public final class %1$s implements io.millrace.spi.source.SourceProvider {
          public String name() { return "%2$s"; }
          public String spiVersion() { return io.millrace.spi.Spi.VERSION; }
          public String description() { return com.google.common.base.Strings.repeat("=", 3); }
          public io.millrace.spi.source.Source create(io.millrace.spi.source.SourceContext context) {
            throw new UnsupportedOperationException("test plugin %2$s is only discovered, never run");
          }
        }
        """.formatted(className, name);
  }

  /** Where {@link #guavaSink} calls Guava. */
  enum GuavaCall { CREATE, ADD_BATCH }

  /**
   * A sink compiled against Guava that calls it when the sink is created or when a batch is
   * added, for folders that leave Guava out: the failure comes on first use, not at load.
   */
  static String guavaSink(String className, String name, GuavaCall when) {
    String inCreate = when == GuavaCall.CREATE ? "com.google.common.base.Strings.repeat(\"=\", 3);" : "";
    String inAddBatch = when == GuavaCall.ADD_BATCH ? "com.google.common.base.Strings.repeat(\"=\", 3);" : "";
    return """
        package test.plugins;

        import io.millrace.spi.sink.*;

        public final class %1$s implements SinkProvider {
          public String name() { return "%2$s"; }
          public String spiVersion() { return io.millrace.spi.Spi.VERSION; }
          public Sink create(SinkContext context) {
            %3$s
            return new Sink() {
              public DeliveryGuarantee guarantee() { return DeliveryGuarantee.NONE; }
              public void addBatch(long batchId, Batch batch) { %4$s }
            };
          }
        }
        """.formatted(className, name, inCreate, inAddBatch);
  }

  /**
   * A source whose description comes from a nested class that is loaded only when first asked
   * for, as a library's shutdown hook loads its classes only at exit.
   */
  static String lateLoader(String className, String name) {
    return """
        package test.plugins;

        public final class %1$s implements io.millrace.spi.source.SourceProvider {
          public String name() { return "%2$s"; }
          public String spiVersion() { return io.millrace.spi.Spi.VERSION; }
          public String description() { return new Late().text(); }
          public io.millrace.spi.source.Source create(io.millrace.spi.source.SourceContext context) {
            throw new UnsupportedOperationException("test plugin %2$s is only discovered, never run");
          }

          static final class Late {
            String text() { return "loaded late"; }
          }
        }
        """.formatted(className, name);
  }
}
