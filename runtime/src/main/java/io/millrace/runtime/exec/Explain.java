package io.millrace.runtime.exec;

import io.millrace.runtime.Engine;
import io.millrace.runtime.Settings;
import io.millrace.runtime.plan.Analyzer;
import io.millrace.runtime.plan.LogicalPlan;
import io.millrace.runtime.plan.ResolvedPlan;
import io.millrace.spi.Options;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The plans of a query that has not started: its logical plan as written, and the physical
 * plan the planner makes of it, with the stateful operators' ids. The sources are opened, on a
 * scratch directory, only to learn their schemas.
 */
public final class Explain {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Explain.class);

  private Explain() {}

  public static String of(Engine engine, LogicalPlan plan) {
    return withResolved(engine, plan, resolved -> {
      Settings settings = engine.settings();
      PhysicalPlan physical = Planner.plan(resolved, "(sink)",
          Integer.parseInt(settings.pinnedForNewCheckpoint().get(Settings.SHUFFLE_PARTITIONS)),
          Integer.parseInt(settings.pinnedForNewCheckpoint().get(Settings.MAX_KEY_GROUPS)));
      return "== Logical Plan ==\n" + plan.treeString() + "\n== Physical Plan ==\n" + physical.treeString();
    });
  }

  /** The schema of the rows {@code plan} gives, as {@code Dataset.schema()} reports it. */
  public static io.millrace.spi.data.Schema schema(Engine engine, LogicalPlan plan) {
    return withResolved(engine, plan, ResolvedPlan::schema);
  }

  /**
   * {@code use} of the plan resolved against its sources' schemas, each source opened for the
   * purpose in a scratch directory and closed again: nothing is read, nothing is kept.
   */
  private static <T> T withResolved(Engine engine, LogicalPlan plan, java.util.function.Function<ResolvedPlan, T> use) {
    List<LogicalPlan.SourceRelation> relations = SourceRelations.of(plan);
    List<Source> sources = new ArrayList<>();
    StaticTables statics = new StaticTables(engine);
    Path scratch = null;
    try {
      scratch = Files.createTempDirectory("millrace-explain-");
      String queryId = UUID.randomUUID().toString();
      for (int i = 0; i < relations.size(); i++) {
        LogicalPlan.SourceRelation r = relations.get(i);
        SourceProvider provider = engine.plugins().source(r.format());
        Options options = Options.of("source '" + r.format() + "'", r.options());
        java.net.URI dir = scratch.resolve("sources").resolve(Integer.toString(i)).toUri();
        sources.add(PluginOptionException.creatingSource(i, () -> provider.create(
            RuntimePluginContext.forSource(engine, options, queryId, r.userSchema(), dir))));
      }
      return use.apply(Analyzer.resolve(plan, r -> {
        int i = SourceRelations.indexOf(relations, r);
        return new ResolvedPlan.Source(i, relations.get(i).format(), sources.get(i).schema());
      }, statics::table));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot resolve the query: " + e.getMessage(), e);
    } finally {
      for (Source s : sources) {
        try {
          s.close();
        } catch (Exception e) {
          LOG.warn("Closing a source opened to resolve a query failed", e);
        }
      }
      statics.close();
      deleteQuietly(scratch);
    }
  }

  private static void deleteQuietly(Path dir) {
    if (dir == null) {
      return;
    }
    try (var paths = Files.walk(dir)) {
      paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      LOG.warn("Could not delete the scratch directory {} of explain()", dir, e);
    }
  }
}
