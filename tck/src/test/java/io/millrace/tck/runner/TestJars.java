package io.millrace.tck.runner;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/** Packs compiled test classes into a plugin jar, as an author's build would. */
final class TestJars {
  private static final Path TEST_CLASSES = Path.of("target", "test-classes");

  private TestJars() {}

  /**
   * A jar at {@code jar} holding every class of the given package folders (e.g.
   * {@code io/millrace/tck/reference}) and the given {@code META-INF/services} entries.
   */
  static Path build(Path jar, List<String> packageDirs, Map<String, String> services) throws IOException {
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
      for (String dir : packageDirs) {
        try (Stream<Path> files = Files.list(TEST_CLASSES.resolve(dir))) {
          for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".class"))::iterator) {
            put(out, dir + "/" + f.getFileName(), Files.readAllBytes(f));
          }
        }
      }
      for (Map.Entry<String, String> e : services.entrySet()) {
        put(out, "META-INF/services/" + e.getKey(), (e.getValue() + "\n").getBytes(StandardCharsets.UTF_8));
      }
    }
    return jar;
  }

  private static void put(JarOutputStream out, String name, byte[] bytes) throws IOException {
    out.putNextEntry(new JarEntry(name));
    OutputStream o = out;
    o.write(bytes);
    out.closeEntry();
  }
}
