package io.millrace.tck.runner;

import io.millrace.spi.Plugin;
import io.millrace.spi.PluginKind;
import io.millrace.spi.Spi;
import io.millrace.spi.storage.StorageProvider;
import io.millrace.spi.trigger.TriggerPolicyProvider;
import io.millrace.tck.storage.StorageKit;
import io.millrace.tck.trigger.TriggerKit;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.UUID;

/**
 * Finds what to check in a plugin jar: every provider the jar lists in
 * {@code META-INF/services}, and for each the kit its suite needs — from the jar itself (a kit
 * listed under the kit interface's name) or, for kinds that need no author code (storage and
 * trigger policies), built from the runner's config. Checks P01 and P02 on the way.
 */
final class TargetDiscovery {
  private final ClassLoader jarLoader;
  private final Properties config;
  private final List<Target> targets = new ArrayList<>();
  private final List<RuleResult> packaging = new ArrayList<>();
  private final List<String> notRun = new ArrayList<>();

  TargetDiscovery(ClassLoader jarLoader, Properties config) {
    this.jarLoader = jarLoader;
    this.config = config;
  }

  List<Target> targets() {
    return targets;
  }

  /** P01/P02 outcomes, one per provider found (or per broken service entry). */
  List<RuleResult> packaging() {
    return packaging;
  }

  /** Plugins whose rules could not run, and what the author can do about it. */
  List<String> notRun() {
    return notRun;
  }

  TargetDiscovery discover() {
    for (PluginKind kind : PluginKind.values()) {
      for (Plugin p : providers(kind)) {
        String label = kind.label() + " '" + p.name() + "'";
        if (!compatible(label, p)) {
          continue;
        }
        if (kind == PluginKind.STORAGE) {
          storage(label, (StorageProvider) p);
        } else if (kind == PluginKind.TRIGGER) {
          trigger(label, (TriggerPolicyProvider) p);
        } else {
          fromJar(label, p, KitSuites.forKind(kind).orElseThrow());
        }
      }
    }
    return this;
  }

  /** The jar's own providers of one kind; a broken services entry is a P01 failure. */
  private List<Plugin> providers(PluginKind kind) {
    List<Plugin> found = new ArrayList<>();
    try {
      for (Plugin p : ServiceLoader.load(kind.service(), jarLoader)) {
        if (p.getClass().getClassLoader() == jarLoader) {
          found.add(p);
          packaging.add(new RuleResult(kind.label() + " '" + p.name() + "'", "P01",
              "its META-INF/services entry loads in an isolated class loader", RuleResult.Status.PASSED, ""));
        }
      }
    } catch (ServiceConfigurationError e) {
      packaging.add(new RuleResult(kind.label() + " plugins", "P01",
          "its META-INF/services entry loads in an isolated class loader", RuleResult.Status.FAILED,
          e.getMessage() + (e.getCause() == null ? "" : " (" + e.getCause() + ")")));
    }
    return found;
  }

  private boolean compatible(String label, Plugin p) {
    String version;
    try {
      version = p.spiVersion();
      boolean ok = Spi.compatible(version, Spi.VERSION);
      packaging.add(new RuleResult(label, "P02", "it was built for a compatible SPI version",
          ok ? RuleResult.Status.PASSED : RuleResult.Status.FAILED,
          ok ? "" : "built for SPI " + version + "; this TCK checks SPI " + Spi.VERSION));
      return ok;
    } catch (RuntimeException | AbstractMethodError e) {
      packaging.add(new RuleResult(label, "P02", "it was built for a compatible SPI version", RuleResult.Status.FAILED,
          "spiVersion() failed: " + e));
      return false;
    }
  }

  private void storage(String label, StorageProvider p) {
    String root = config.getProperty("storage." + p.name() + ".root");
    Map<String, String> options = prefixed("storage." + p.name() + ".option.");
    if (root != null) {
      String base = root.endsWith("/") ? root : root + "/";
      StorageKit kit = StorageKit.of(p, options, () -> URI.create(base + UUID.randomUUID() + "/"));
      targets.add(new Target(label, RunnerStorageSuite.class, () -> kit));
    } else if (p.schemes().contains("file")) {
      StorageKit kit = StorageKit.of(p, options, TargetDiscovery::tempRoot);
      targets.add(new Target(label, RunnerStorageSuite.class, () -> kit));
    } else {
      notRun.add(label + " serves " + p.schemes() + ": set storage." + p.name() + ".root=<a scratch URI> in --config");
    }
  }

  private static URI tempRoot() {
    try {
      return java.nio.file.Files.createTempDirectory("millrace-tck-storage-").toUri();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private void trigger(String label, TriggerPolicyProvider p) {
    String key = "trigger." + p.name() + ".semantics";
    String semantics = config.getProperty(key);
    if (semantics == null) {
      notRun.add(label + ": declare what it promises with " + key
          + "=interval:<duration>|once|availableNow|asSoonAsPossible[:<max idle wait>] in --config");
      return;
    }
    TriggerKit kit = TriggerKit.of(p, prefixed("trigger." + p.name() + ".option."), TriggerSemanticsSetting.parse(key, semantics));
    targets.add(new Target(label, RunnerTriggerSuite.class, () -> kit));
  }

  /**
   * One target per kit the jars list for plugin {@code p} (several kits check one plugin in
   * several set-ups, such as one per output mode). Kits made here only to learn which plugin
   * they serve are closed at once; the suites make and close one per rule.
   */
  private void fromJar(String label, Plugin p, KitSuites ks) {
    List<Class<?>> kitClasses = new ArrayList<>();
    for (Object kit : ks.kits(jarLoader)) {
      try {
        if (ks.pluginName(kit).equalsIgnoreCase(p.name())) {
          kitClasses.add(kit.getClass());
        }
      } finally {
        closeKit(kit);
      }
    }
    if (kitClasses.isEmpty()) {
      notRun.add(label + ": its rules need test data from the plugin's external system; list a "
          + ks.kitType().getName() + " in META-INF/services/" + ks.kitType().getName() + " of the plugin jar or of a"
          + " test jar given with another --plugin-jar");
    }
    for (Class<?> kitClass : kitClasses) {
      // A fresh kit per rule, as the suites expect: the kit class's public no-argument constructor.
      String target = kitClasses.size() == 1 ? label : label + " with " + kitClass.getSimpleName();
      targets.add(new Target(target, ks.suite(), () -> newKit(kitClass)));
    }
  }

  private static void closeKit(Object kit) {
    if (kit instanceof AutoCloseable closeable) {
      try {
        closeable.close();
      } catch (Exception e) {
        throw new IllegalStateException("the kit " + kit.getClass().getName() + " failed to close: " + e, e);
      }
    }
  }

  private static Object newKit(Class<?> kitClass) {
    try {
      return kitClass.getConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot make a new " + kitClass.getName() + ": " + e, e);
    }
  }

  private Map<String, String> prefixed(String prefix) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String key : config.stringPropertyNames()) {
      if (key.startsWith(prefix)) {
        out.put(key.substring(prefix.length()), config.getProperty(key));
      }
    }
    return out;
  }
}
