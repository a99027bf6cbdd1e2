package io.millrace.runtime.plugin;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Builds a real plugin jar at test time: compiles Java sources with the JDK's compiler
 * against a given class path and packages the classes with their {@code META-INF/services}
 * files, the way a plugin author's build would.
 */
final class PluginJarBuilder {
  private final Path workDir;
  private final Map<String, String> packaged = new LinkedHashMap<>();
  private final Map<String, String> compileOnly = new LinkedHashMap<>();
  private final List<Path> classpath = new ArrayList<>();
  private final Map<String, List<String>> services = new LinkedHashMap<>();
  private String implementationVersion;

  /** A builder that compiles in a fresh folder under {@code workDir}. */
  PluginJarBuilder(Path workDir) {
    this.workDir = workDir;
  }

  /** A class to compile and put in the jar. */
  PluginJarBuilder source(String className, String code) {
    packaged.put(className, code);
    return this;
  }

  /** A class to compile against but leave out of the jar, such as a stand-in for an old SPI. */
  PluginJarBuilder compileOnly(String className, String code) {
    compileOnly.put(className, code);
    return this;
  }

  /** Jars or class folders to compile against. */
  PluginJarBuilder classpath(Path... entries) {
    classpath.addAll(List.of(entries));
    return this;
  }

  /** Lists {@code implementations} in {@code META-INF/services/<service>}. */
  PluginJarBuilder service(Class<?> service, String... implementations) {
    services.computeIfAbsent(service.getName(), s -> new ArrayList<>()).addAll(List.of(implementations));
    return this;
  }

  /** The manifest's {@code Implementation-Version}, which {@code Plugin.version()} reports by default. */
  PluginJarBuilder implementationVersion(String version) {
    this.implementationVersion = version;
    return this;
  }

  /** Compiles and writes the jar to {@code jar}, creating its folder; returns {@code jar}. */
  Path writeTo(Path jar) throws IOException {
    Files.createDirectories(workDir);
    Path build = Files.createTempDirectory(workDir, "build");
    Path classes = Files.createDirectories(build.resolve("classes"));
    Map<String, String> all = new LinkedHashMap<>(compileOnly);
    all.putAll(packaged);
    if (!all.isEmpty()) {
      compile(writeSources(build.resolve("src"), all), classes);
    }
    Files.createDirectories(jar.toAbsolutePath().getParent());
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest())) {
      addClasses(out, classes);
      addServices(out);
    }
    return jar;
  }

  private static List<Path> writeSources(Path srcDir, Map<String, String> sources) throws IOException {
    List<Path> files = new ArrayList<>();
    for (Map.Entry<String, String> source : sources.entrySet()) {
      Path file = srcDir.resolve(source.getKey().replace('.', '/') + ".java");
      Files.createDirectories(file.getParent());
      files.add(Files.writeString(file, source.getValue()));
    }
    return files;
  }

  private void compile(List<Path> sources, Path classes) throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    if (javac == null) {
      throw new IllegalStateException("these tests build plugin jars and need a JDK, not a JRE");
    }
    // The class path is always explicit: left unset, an in-process javac would compile
    // against the test's own class path and hide a missing dependency.
    List<Path> path = new ArrayList<>(classpath);
    path.add(classes);
    String cp = path.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
    List<String> options = List.of("--release", "17", "-proc:none", "-d", classes.toString(), "-classpath", cp);
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, UTF_8)) {
      Iterable<? extends JavaFileObject> units = files.getJavaFileObjectsFromPaths(sources);
      if (!javac.getTask(null, files, diagnostics, options, null, units).call()) {
        throw new IllegalStateException("test plugin does not compile:\n" + diagnostics.getDiagnostics().stream()
            .map(Object::toString)
            .collect(Collectors.joining("\n")));
      }
    }
  }

  private Manifest manifest() {
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    if (implementationVersion != null) {
      manifest.getMainAttributes().put(Attributes.Name.IMPLEMENTATION_VERSION, implementationVersion);
    }
    return manifest;
  }

  private void addClasses(JarOutputStream out, Path classes) throws IOException {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(classes)) {
      files = walk.filter(Files::isRegularFile).sorted().toList();
    }
    for (Path file : files) {
      String entry = classes.relativize(file).toString().replace(File.separatorChar, '/');
      if (!isCompileOnly(entry)) {
        add(out, entry, Files.readAllBytes(file));
      }
    }
  }

  private boolean isCompileOnly(String entry) {
    return compileOnly.keySet().stream()
        .map(name -> name.replace('.', '/'))
        .anyMatch(path -> entry.equals(path + ".class") || entry.startsWith(path + "$"));
  }

  private void addServices(JarOutputStream out) throws IOException {
    for (Map.Entry<String, List<String>> service : services.entrySet()) {
      add(out, "META-INF/services/" + service.getKey(), (String.join("\n", service.getValue()) + "\n").getBytes(UTF_8));
    }
  }

  private static void add(JarOutputStream out, String name, byte[] bytes) throws IOException {
    out.putNextEntry(new JarEntry(name));
    out.write(bytes);
    out.closeEntry();
  }
}
