package io.millrace.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The API describes queries and the runtime executes them: no source file of the API may name
 * the runtime, or the runtime could never be swapped and the API never published on its own.
 * Maven already keeps the runtime off this module's class path; this test also catches a
 * fully qualified name in a comment or a string that reflection would load.
 */
class ApiBoundaryTest {
  private static final Path SOURCES = Path.of("src/main/java");

  @Test
  void noApiSourceNamesTheRuntime() {
    assertThat(SOURCES).isDirectory();
    List<String> offenders = javaFiles().stream()
        .filter(f -> read(f).contains("io.millrace.runtime"))
        .map(f -> SOURCES.relativize(f).toString())
        .collect(Collectors.toList());
    assertThat(offenders).as("API sources that name io.millrace.runtime").isEmpty();
  }

  private static List<Path> javaFiles() {
    try (Stream<Path> files = Files.walk(SOURCES)) {
      return files.filter(f -> f.toString().endsWith(".java")).collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
