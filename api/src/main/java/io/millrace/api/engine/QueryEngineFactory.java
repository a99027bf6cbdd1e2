package io.millrace.api.engine;

/**
 * Makes the engine of a session; found with {@link java.util.ServiceLoader}, so that the API
 * needs no compile-time knowledge of the runtime. An implementation needs a public no-argument
 * constructor and a line in {@code META-INF/services/io.millrace.api.engine.QueryEngineFactory}.
 */
public interface QueryEngineFactory {

  /** A new engine for one session; installed plugins are discovered now, so an unusable one fails here. */
  QueryEngine create(EngineSettings settings);
}
