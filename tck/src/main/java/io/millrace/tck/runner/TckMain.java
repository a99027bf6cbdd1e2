package io.millrace.tck.runner;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.Callable;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.reporting.legacy.xml.LegacyXmlReportGeneratingListener;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code millrace tck --plugin-jar my.jar [--plugin-jar my-tests.jar] [--config tck.properties]
 * [--report-dir DIR] [--allow-unchecked]}: checks every plugin in the jars against the contract
 * suites and exits 0 only when rules ran, none failed and every plugin was checked (1: a rule
 * failed; 2: nothing ran, a plugin could not be checked without {@code --allow-unchecked}, or
 * bad input).
 */
@Command(name = "millrace tck", mixinStandardHelpOptions = true,
    description = "Run the Millrace TCK on a plugin jar.")
public final class TckMain implements Callable<Integer> {

  @Option(names = "--plugin-jar", required = true, paramLabel = "JAR",
      description = "The plugin jar; repeat for a test jar with its kits and for libraries it needs that it does not bundle.")
  List<Path> jars = new ArrayList<>();

  @Option(names = "--allow-unchecked",
      description = "Exit 0 even when a plugin in the jars could not be checked (no kit, no config); it is still reported.")
  boolean allowUnchecked;

  @Option(names = "--config", paramLabel = "FILE",
      description = "Properties: trigger.<name>.semantics, trigger.<name>.option.<key>, storage.<name>.root, storage.<name>.option.<key>.")
  Path config;

  @Option(names = "--report-dir", paramLabel = "DIR", description = "Where report.json and junit/*.xml go (default: tck-report).")
  Path reportDir = Path.of("tck-report");

  private PrintStream out = System.out;

  public static void main(String[] args) {
    System.exit(run(System.out, System.err, args));
  }

  /** Runs the command line, printing the report to {@code out}; returns the exit code. */
  public static int run(PrintStream out, PrintStream err, String... args) {
    TckMain main = new TckMain();
    main.out = out;
    CommandLine cli = new CommandLine(main)
        .setOut(new PrintWriter(out, true, StandardCharsets.UTF_8))
        .setErr(new PrintWriter(err, true, StandardCharsets.UTF_8))
        .setExecutionExceptionHandler((e, cmd, parsed) -> {
          cmd.getErr().println("millrace tck: " + e.getMessage());
          return 2;
        });
    return cli.execute(args);
  }

  @Override
  public Integer call() throws IOException {
    for (Path jar : jars) {
      if (!Files.isRegularFile(jar)) {
        throw new IllegalArgumentException("--plugin-jar " + jar + " is not a file");
      }
    }
    Properties properties = loadConfig();
    ClassLoader runner = TckMain.class.getClassLoader();
    try (TckClassLoader jarLoader = new TckClassLoader(jars, runner)) {
      TargetDiscovery found = new TargetDiscovery(jarLoader, properties).discover();
      List<RuleResult> results = new ArrayList<>(found.packaging());
      Launcher launcher = LauncherFactory.create();
      Path junitDir = reportDir.resolve("junit");
      Files.createDirectories(junitDir);
      for (Target target : found.targets()) {
        RunnerTargets.set(target.kit());
        ResultCollector collector = new ResultCollector(target.plugin());
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
            .selectors(DiscoverySelectors.selectClass(target.suite())).build();
        // One folder per plugin: the XML listener names its file after the engine, not the suite.
        Path xmlDir = junitDir.resolve(target.plugin().replaceAll("[^A-Za-z0-9._-]+", "_"));
        launcher.execute(request, collector, new LegacyXmlReportGeneratingListener(xmlDir, new PrintWriter(out, true)));
        results.addAll(collector.results());
      }
      RunnerTargets.set(null);
      Report report = new Report(jars.get(0).toString(), results, found.notRun()).allowUnchecked(allowUnchecked);
      report.print(out);
      Path json = reportDir.resolve("report.json");
      report.writeJson(json);
      out.println("Reports: " + json + " and " + junitDir + "/");
      return report.exitCode();
    }
  }

  private Properties loadConfig() throws IOException {
    Properties p = new Properties();
    if (config != null) {
      try (InputStream in = Files.newInputStream(config)) {
        p.load(in);
      } catch (IOException e) {
        throw new IOException("cannot read --config " + config + ": " + e.getMessage(), e);
      }
    }
    return p;
  }
}
