package io.millrace.runtime.plugin;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fresh plugins directory per test, shortcuts to build test plugins into it, and the
 * registry a test loads, closed when the test ends (not before, since plugin classes may
 * still be loading from their jars while the test asserts).
 */
abstract class PluginRegistryTestBase {
  @TempDir Path tmp;
  Path plugins;
  TestPlugins fixtures;
  private PluginRegistry registry;

  @BeforeEach
  void createFixtures() {
    plugins = tmp.resolve("plugins");
    fixtures = new TestPlugins(tmp.resolve("build"));
  }

  @AfterEach
  void closeRegistry() {
    if (registry != null) {
      registry.close();
    }
  }

  /** Loads the plugins directory alone: the platform class loader lists no plugins. */
  PluginRegistry loadDirectoryOnly() {
    return load(ClassLoader.getPlatformClassLoader());
  }

  /** Loads the plugins directory and the plugins on {@code applicationLoader}'s class path. */
  PluginRegistry load(ClassLoader applicationLoader) {
    registry = PluginRegistry.load(applicationLoader, Optional.of(plugins));
    return registry;
  }

  /** Surveys the plugins directory alone, listing broken plugins instead of failing. */
  PluginRegistry surveyDirectoryOnly() {
    registry = PluginRegistry.survey(ClassLoader.getPlatformClassLoader(), List.of(plugins));
    return registry;
  }
}
