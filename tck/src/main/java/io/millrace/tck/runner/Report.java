package io.millrace.tck.runner;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.millrace.spi.Spi;
import io.millrace.tck.Tck;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What the runner found, for people (the console) and for tools ({@code report.json}). */
final class Report {
  private final String jar;
  private final List<RuleResult> results;
  private final List<String> notRun;
  private boolean allowUnchecked;

  Report(String jar, List<RuleResult> results, List<String> notRun) {
    this.jar = jar;
    this.results = ordered(results);
    this.notRun = notRun;
  }

  /** Each plugin's results together, plugins in the order first met, and by rule id within a plugin. */
  static List<RuleResult> ordered(List<RuleResult> results) {
    Map<String, Integer> pluginOrder = new LinkedHashMap<>();
    results.forEach(r -> pluginOrder.putIfAbsent(r.plugin(), pluginOrder.size()));
    return results.stream()
        .sorted(Comparator.comparing((RuleResult r) -> pluginOrder.get(r.plugin())).thenComparing(Report::ruleOrder))
        .toList();
  }

  /** {@code F02} before {@code F10}, letters before one another, results without an id last. */
  private static String ruleOrder(RuleResult r) {
    String id = r.ruleId();
    if (!id.matches("[A-Z]\\d+")) {
      return "~" + id;
    }
    return id.charAt(0) + String.format("%06d", Integer.parseInt(id.substring(1)));
  }

  /** Whether plugins that could not be checked still let the run pass. */
  Report allowUnchecked(boolean allow) {
    this.allowUnchecked = allow;
    return this;
  }

  /** The exit code: 1 if a rule failed; 2 if no rule ran, or a plugin was not checked and that was not allowed; else 0. */
  int exitCode() {
    if (count(RuleResult.Status.FAILED) > 0) {
      return 1;
    }
    return ran() == 0 || (!notRun.isEmpty() && !allowUnchecked) ? 2 : 0;
  }

  long count(RuleResult.Status status) {
    return results.stream().filter(r -> r.status() == status).count();
  }

  /**
   * Contract rules that ran, passed or failed. Skips do not count, nor do the packaging checks
   * (P01, P02): a jar whose entries load but whose contract was never exercised is not verified.
   */
  long ran() {
    return results.stream().filter(r -> r.status() != RuleResult.Status.SKIPPED && !r.ruleId().startsWith("P")).count();
  }

  void print(PrintStream out) {
    out.println("Millrace TCK on " + jar + " (SPI " + Spi.VERSION + ", seed " + Tck.seed() + ")");
    String plugin = null;
    for (RuleResult r : results) {
      if (!r.plugin().equals(plugin)) {
        plugin = r.plugin();
        out.println();
        out.println(plugin);
      }
      String mark = r.status() == RuleResult.Status.PASSED ? "pass" : r.status() == RuleResult.Status.FAILED ? "FAIL" : "skip";
      out.println("  " + mark + "  " + r.ruleId() + " " + r.rule() + (r.detail().isEmpty() ? "" : "\n          " + r.detail()));
    }
    if (!notRun.isEmpty()) {
      out.println();
      out.println("Not checked:");
      notRun.forEach(n -> out.println("  " + n));
    }
    out.println();
    out.printf("%d contract rules ran; in all %d passed, %d failed, %d skipped (packaging checks included).%n", ran(),
        count(RuleResult.Status.PASSED), count(RuleResult.Status.FAILED), count(RuleResult.Status.SKIPPED));
    if (ran() == 0) {
      out.println("No contract rule ran: the jar is not verified.");
    }
    if (!notRun.isEmpty()) {
      out.println(notRun.size() + " plugin(s) of the jar were not checked: the jar is not verified"
          + (allowUnchecked ? " (accepted: --allow-unchecked)." : "; pass --allow-unchecked to accept that."));
    }
  }

  void writeJson(Path file) throws IOException {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("jar", jar);
    json.put("spiVersion", Spi.VERSION);
    json.put("seed", Tck.seed());
    json.put("ran", ran());
    json.put("passed", count(RuleResult.Status.PASSED));
    json.put("failed", count(RuleResult.Status.FAILED));
    json.put("skipped", count(RuleResult.Status.SKIPPED));
    json.put("results", results);
    json.put("notChecked", notRun);
    Files.createDirectories(file.getParent());
    new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), json);
  }
}
