package io.millrace.runtime.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;

/**
 * A plugin jar rewritten in place is loaded anew by the next registry, and its new loader takes
 * the old one's place: loaders of replaced jars are not kept for the life of the JVM.
 */
class PluginJarChangeTest extends PluginRegistryTestBase {

  @Test
  void aRewrittenJarGetsANewLoaderInTheOldOnesPlace() throws Exception {
    Path jar = plugins.resolve("changing.jar");
    fixtures.sinkJar(jar, "ChangingSink", "changing-sink");
    Class<?> first = loadDirectoryOnly().sink("changing-sink").getClass();
    assertThat(loadDirectoryOnly().sink("changing-sink").getClass()).as("unchanged jar, same loader").isSameAs(first);
    int loaders = PluginClassLoaders.count();

    fixtures.sinkJar(jar, "ChangingSink", "changing-sink"); // a new build of the same plugin
    Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 2_000));
    Class<?> second = loadDirectoryOnly().sink("changing-sink").getClass();

    assertThat(second).as("the rewritten jar's class").isNotSameAs(first);
    assertThat(second.getClassLoader()).isNotSameAs(first.getClassLoader());
    assertThat(PluginClassLoaders.count()).as("loaders kept").isEqualTo(loaders);
  }
}
