package io.millrace.runtime;

import io.millrace.api.engine.EngineSettings;
import io.millrace.api.engine.QueryEngine;
import io.millrace.api.engine.QueryEngineFactory;

/** Registered in {@code META-INF/services}: {@code MillraceSession.builder().build()} finds the runtime through it. */
public final class RuntimeQueryEngineFactory implements QueryEngineFactory {

  @Override
  public QueryEngine create(EngineSettings settings) {
    return new RuntimeQueryEngine(settings);
  }
}
