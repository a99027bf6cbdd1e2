package io.millrace.api;

import java.util.Optional;

/**
 * Hears about every query of a session, in the style of Spark's listener. Callbacks run on
 * the query's thread, so they should be quick; an exception from one is logged and does not
 * affect the query.
 */
public abstract class StreamingQueryListener {

  /** The query started; {@code overriddenSettings} lists pinned settings that won over the session's. */
  public record QueryStartedEvent(String id, String runId, String name, String timestamp,
      String deliveryGuarantee, java.util.Map<String, String> overriddenSettings) {}

  /** A batch finished. */
  public record QueryProgressEvent(StreamingQueryProgress progress) {}

  /** The query stopped; {@code exception} is the failure, if it failed. */
  public record QueryTerminatedEvent(String id, String runId, Optional<String> exception) {}

  public void onQueryStarted(QueryStartedEvent event) {}

  public void onQueryProgress(QueryProgressEvent event) {}

  public void onQueryTerminated(QueryTerminatedEvent event) {}
}
