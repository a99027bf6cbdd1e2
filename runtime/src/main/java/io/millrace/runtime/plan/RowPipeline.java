package io.millrace.runtime.plan;

import io.millrace.runtime.expr.EvalContext;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The stateless operators of a query fused into one function over rows. Immutable and shared
 * by all task threads.
 *
 * <p>Most operators make at most one row of a row ({@link Stage}); a generator such as
 * {@code explode} makes any number ({@link Generator}). A pipeline without generators keeps the
 * one-row path ({@link #apply}), which allocates nothing per row for itself; one with a generator
 * pushes rows through {@link #forEachOutput}.
 */
public final class RowPipeline {
  /** One operator: a row in, a row or null (filtered out) out. */
  public interface Stage {
    Row apply(Row row, EvalContext context);
  }

  /** One operator that makes any number of rows of one row, in order: a generator. */
  public interface Generator {
    void generate(Row row, EvalContext context, Consumer<Row> out);
  }

  /** An operator of a pipeline: a {@link Stage} or a {@link Generator}, exactly one of them. */
  public record Step(Stage stage, Generator generator) {
    public Step {
      if ((stage == null) == (generator == null)) {
        throw new IllegalArgumentException("a step is a stage or a generator");
      }
    }

    public static Step of(Stage stage) {
      return new Step(Objects.requireNonNull(stage, "stage"), null);
    }

    public static Step of(Generator generator) {
      return new Step(null, Objects.requireNonNull(generator, "generator"));
    }
  }

  private final Step[] steps;
  /** The steps' stages, for the one-row path; only when no step is a generator. */
  private final Stage[] stages;
  private final Schema inputSchema;
  private final Schema outputSchema;

  /** {@code stages} applied in order, from rows of {@code inputSchema} to rows of {@code outputSchema}. */
  public static RowPipeline of(List<Stage> stages, Schema inputSchema, Schema outputSchema) {
    return ofSteps(stages.stream().map(Step::of).toList(), inputSchema, outputSchema);
  }

  /** {@code steps} applied in order, from rows of {@code inputSchema} to rows of {@code outputSchema}. */
  public static RowPipeline ofSteps(List<Step> steps, Schema inputSchema, Schema outputSchema) {
    return new RowPipeline(steps, inputSchema, outputSchema);
  }

  private RowPipeline(List<Step> steps, Schema inputSchema, Schema outputSchema) {
    this.steps = steps.toArray(new Step[0]);
    this.stages = steps.stream().allMatch(s -> s.stage() != null) ? fused(steps) : null;
    this.inputSchema = inputSchema;
    this.outputSchema = outputSchema;
  }

  /** The steps' stages, each projection that continues the one before it run as part of that one ({@link Projection#then}). */
  private static Stage[] fused(List<Step> steps) {
    List<Stage> stages = new ArrayList<>();
    for (Step step : steps) {
      Stage last = stages.isEmpty() ? null : stages.get(stages.size() - 1);
      Stage both = last instanceof Projection p ? p.then(step.stage()) : null;
      if (both != null) {
        stages.set(stages.size() - 1, both);
      } else {
        stages.add(step.stage());
      }
    }
    return stages.toArray(new Stage[0]);
  }

  public Schema inputSchema() {
    return inputSchema;
  }

  public Schema outputSchema() {
    return outputSchema;
  }

  /** The stages a row goes through on the one-row path, after fusing; -1 where the pipeline generates. */
  int stageCount() {
    return stages == null ? -1 : stages.length;
  }

  /** Whether there are no operators: every row comes out as it went in. */
  public boolean isEmpty() {
    return steps.length == 0;
  }

  /** Whether a row may make more than one row, so that only {@link #forEachOutput} runs this pipeline. */
  public boolean generates() {
    return stages == null;
  }

  /** This pipeline, then {@code next} over its output. */
  public RowPipeline andThen(RowPipeline next) {
    List<Step> all = new ArrayList<>(List.of(steps));
    all.addAll(List.of(next.steps));
    return new RowPipeline(all, inputSchema, next.outputSchema);
  }

  /**
   * The row the operators make of {@code row}, or null if a filter drops it.
   *
   * @throws IllegalStateException if the pipeline {@linkplain #generates() generates}
   */
  public Row apply(Row row, EvalContext context) {
    if (stages == null) {
      throw new IllegalStateException("a pipeline with a generator gives its rows through forEachOutput");
    }
    Row current = row;
    for (Stage stage : stages) {
      current = stage.apply(current, context);
      if (current == null) {
        return null;
      }
    }
    return current;
  }

  /** Gives {@code out} every row the operators make of {@code row}, in order. */
  public void forEachOutput(Row row, EvalContext context, Consumer<Row> out) {
    if (stages != null) {
      Row r = apply(row, context);
      if (r != null) {
        out.accept(r);
      }
    } else {
      push(row, 0, context, out);
    }
  }

  private void push(Row row, int from, EvalContext context, Consumer<Row> out) {
    Row current = row;
    for (int i = from; i < steps.length; i++) {
      Generator generator = steps[i].generator();
      if (generator != null) {
        int next = i + 1;
        generator.generate(current, context, next == steps.length ? out : r -> push(r, next, context, out));
        return;
      }
      current = steps[i].stage().apply(current, context);
      if (current == null) {
        return;
      }
    }
    out.accept(current);
  }
}
