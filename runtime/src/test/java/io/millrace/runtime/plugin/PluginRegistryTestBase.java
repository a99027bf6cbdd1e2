package io.millrace.runtime.plugin;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** A fresh plugins directory per test, and shortcuts to build test plugins into it and load it. */
abstract class PluginRegistryTestBase {
  @TempDir Path tmp;
  Path plugins;
  TestPlugins fixtures;

  @BeforeEach
  void createFixtures() {
    plugins = tmp.resolve("plugins");
    fixtures = new TestPlugins(tmp.resolve("build"));
  }

  /** Loads the plugins directory alone: the platform class loader lists no plugins. */
  PluginRegistry loadDirectoryOnly() {
    return load(ClassLoader.getPlatformClassLoader());
  }

  /** Loads the plugins directory and the plugins on {@code applicationLoader}'s class path. */
  PluginRegistry load(ClassLoader applicationLoader) {
    return PluginRegistry.load(applicationLoader, Optional.of(plugins));
  }

  /** Surveys the plugins directory alone, listing broken plugins instead of failing. */
  PluginRegistry surveyDirectoryOnly() {
    return PluginRegistry.survey(ClassLoader.getPlatformClassLoader(), List.of(plugins));
  }
}
