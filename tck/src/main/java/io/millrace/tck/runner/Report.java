package io.millrace.tck.runner;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.millrace.spi.Spi;
import io.millrace.tck.Tck;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What the runner found, for people (the console) and for tools ({@code report.json}). */
final class Report {
  private final String jar;
  private final List<RuleResult> results;
  private final List<String> notRun;

  Report(String jar, List<RuleResult> results, List<String> notRun) {
    this.jar = jar;
    this.results = results;
    this.notRun = notRun;
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
