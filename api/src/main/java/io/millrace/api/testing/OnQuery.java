package io.millrace.api.testing;

/** {@link StreamAction#assertOnQuery} and {@link StreamAction#execute}: the test's own code on the query. */
final class OnQuery extends StreamAction {
  private final String description;
  private final StreamAction.QueryBody body;

  OnQuery(String description, StreamAction.QueryBody body) {
    this.description = description;
    this.body = body;
  }

  @Override
  void perform(StreamTestRun run) throws Exception {
    body.accept(run.latestQuery(description));
  }

  @Override
  public String toString() {
    return description;
  }
}
