package io.millrace.api;

import io.millrace.api.engine.QueryEngine;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** The queries of one session, and the listeners that hear about every one of them. */
public final class StreamingQueryManager {
  private final QueryEngine engine;
  private final Map<String, StreamingQuery> byRunId = new ConcurrentHashMap<>();

  StreamingQueryManager(QueryEngine engine) {
    this.engine = engine;
  }

  public void addListener(StreamingQueryListener listener) {
    engine.addListener(listener);
  }

  public void removeListener(StreamingQueryListener listener) {
    engine.removeListener(listener);
  }

  /** The queries still running. */
  public List<StreamingQuery> active() {
    List<StreamingQuery> active = new ArrayList<>();
    for (StreamingQuery q : byRunId.values()) {
      if (q.isActive()) {
        active.add(q);
      }
    }
    return active;
  }

  /** The active query with this id, if any. */
  public Optional<StreamingQuery> get(String id) {
    return active().stream().filter(q -> q.id().equals(id)).findFirst();
  }

  void register(StreamingQuery query) {
    byRunId.values().removeIf(q -> !q.isActive());
    byRunId.put(query.runId(), query);
  }

  void stopAll() {
    for (StreamingQuery q : byRunId.values()) {
      q.stop();
    }
  }
}
