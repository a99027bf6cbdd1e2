package io.millrace.api;

import io.millrace.api.engine.EngineSettings;
import io.millrace.api.engine.QueryEngine;
import io.millrace.api.engine.QueryEngineFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/** Finds the one engine on the class path, by {@link ServiceLoader}. */
final class Engines {
  private Engines() {}

  static QueryEngine create(EngineSettings settings) {
    List<QueryEngineFactory> found = new ArrayList<>();
    ServiceLoader.load(QueryEngineFactory.class, Engines.class.getClassLoader()).forEach(found::add);
    return only(found).create(settings);
  }

  static QueryEngineFactory only(List<QueryEngineFactory> found) {
    if (found.isEmpty()) {
      throw new IllegalStateException("No Millrace engine on the class path: the API describes queries and an "
          + "engine runs them; add io.millrace:millrace-runtime (it registers a "
          + QueryEngineFactory.class.getName() + " in META-INF/services)");
    }
    if (found.size() > 1) {
      List<String> names = new ArrayList<>();
      found.forEach(f -> names.add(f.getClass().getName()));
      throw new IllegalStateException("More than one Millrace engine on the class path: " + names
          + "; keep one (io.millrace:millrace-runtime)");
    }
    return found.get(0);
  }
}
