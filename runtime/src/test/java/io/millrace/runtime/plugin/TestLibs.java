package io.millrace.runtime.plugin;

import io.millrace.spi.Plugin;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The jars that test plugins compile against and bundle: the SPI from the test class path,
 * and the Guava versions the build copies into the folder named by {@code millrace.test.libs}.
 */
final class TestLibs {
  private static final String LIBS_PROPERTY = "millrace.test.libs";

  private TestLibs() {}

  /** The SPI jar or class folder on the test class path. */
  static Path spi() {
    try {
      return Path.of(Plugin.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException("cannot locate the SPI on the test class path", e);
    }
  }

  /** The one Guava jar whose version starts with {@code versionPrefix}, such as {@code "31."}. */
  static Path guava(String versionPrefix) throws IOException {
    String libs = System.getProperty(LIBS_PROPERTY);
    if (libs == null) {
      throw new IllegalStateException("system property " + LIBS_PROPERTY + " is not set; run the tests through Maven");
    }
    List<Path> matches;
    try (Stream<Path> files = Files.list(Path.of(libs))) {
      matches = files.filter(f -> f.getFileName().toString().startsWith("guava-" + versionPrefix)).toList();
    }
    if (matches.size() != 1) {
      throw new IllegalStateException(
          "expected one guava-" + versionPrefix + "*.jar in " + libs + ", found " + matches);
    }
    return matches.get(0);
  }

  /** The version in a Maven-named Guava jar's file name: {@code guava-31.1-jre.jar} gives {@code 31.1-jre}. */
  static String guavaVersion(Path guavaJar) {
    String file = guavaJar.getFileName().toString();
    return file.substring("guava-".length(), file.length() - ".jar".length());
  }
}
