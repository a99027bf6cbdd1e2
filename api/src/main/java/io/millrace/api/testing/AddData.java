package io.millrace.api.testing;

import io.millrace.spi.data.Row;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** {@link StreamAction#addData}: rows appended to a memory stream. */
final class AddData extends StreamAction {
  private final MemoryStream stream;
  private final List<Row> rows;

  AddData(MemoryStream stream, List<Row> rows) {
    this.stream = stream;
    this.rows = rows;
  }

  @Override
  void perform(StreamTestRun run) throws Exception {
    Optional<ManualClock> clock = run.manualClock();
    if (clock.isPresent() && run.current().isPresent() && run.current().get().isActive()) {
      // Rows added while a trigger runs could join that batch or the next: wait until none runs.
      run.awaitWaitingOnClock(run.current().get(), clock.get());
    }
    stream.addData(rows);
  }

  @Override
  public String toString() {
    return "addData(" + stream.name() + ": " + rows.stream().map(Row::toString).collect(Collectors.joining(", ")) + ")";
  }
}
