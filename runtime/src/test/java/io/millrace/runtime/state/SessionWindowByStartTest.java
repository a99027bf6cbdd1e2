package io.millrace.runtime.state;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.runtime.state.SessionMerge.Session;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** session_window's stored sessions come in the store's encoded order and are put in order of start. */
class SessionWindowByStartTest {
  @Test
  void storedSessionsComeInEncodedOrderAndAreSortedByStart() {
    // Encoded order: starts from 1970 on ascending, then those before 1970 ascending.
    SplittableRandom random = new SplittableRandom(37);
    for (int round = 0; round < 300; round++) {
      List<Long> starts = new ArrayList<>();
      for (int n = random.nextInt(8); n > 0; n--) {
        starts.add(random.nextLong(-1_000_000, 1_000_000));
      }
      List<Long> encoded = new ArrayList<>(starts);
      encoded.sort(java.util.Comparator.comparing((Long t) -> t < 0).thenComparing(t -> t));
      List<Session> sessions = new ArrayList<>();
      encoded.forEach(t -> sessions.add(new Session(t, t + 1, null, t)));
      SessionWindowAggregation.byStart(sessions);
      starts.sort(null);
      assertThat(sessions.stream().map(x -> x.start).toList()).as("%s", encoded).isEqualTo(starts);
    }
  }
}
