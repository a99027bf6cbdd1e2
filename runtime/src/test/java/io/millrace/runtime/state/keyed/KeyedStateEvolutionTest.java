package io.millrace.runtime.state.keyed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.spi.data.Schema;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The record's rules across restarts, including a run that crashed before its first batch
 * committed and a restart at that same batch with another declaration: the stores must then be
 * read as they are on disk, not as the crashed run's record announced.
 */
class KeyedStateEvolutionTest {
  private static final Schema KEY = Schema.parse("user STRING");
  private static final Schema V1 = Schema.parse("n INT NOT NULL");
  private static final Schema V2 = Schema.parse("n LONG NOT NULL, note STRING");

  private static KeyedStateSpec spec(Schema count) {
    return KeyedStateSpec.of("op", KEY).value("count", count);
  }

  private static KeyedStateEvolution.Result evolve(KeyedStateRecord r, KeyedStateSpec spec, long batch) {
    // Each result goes through the record's text, as a restart reads it.
    KeyedStateRecord read = r == null ? null : KeyedStateRecord.parse("rec", r.toJson());
    return KeyedStateEvolution.evolve(Optional.ofNullable(read), spec, batch, "rec");
  }

  @Test
  void aConversionIsReadFromTheUnconvertedVersionUntilItsBatchCommits() {
    KeyedStateRecord first = evolve(null, spec(V1), 0).record();
    KeyedStateEvolution.Result widened = evolve(first, spec(V2), 3);
    assertThat(widened.converts()).isEqualTo(Map.of("count", V1));
    assertThat(widened.bases()).isEqualTo(Map.of("count", 0L));
    // Crashed before batch 3 committed; restarted at 3 declaring V1 again: nothing to convert.
    KeyedStateEvolution.Result reverted = evolve(widened.record(), spec(V1), 3);
    assertThat(reverted.converts()).isEmpty();
    // ... or declaring V2 again: converted again, from V1.
    assertThat(evolve(widened.record(), spec(V2), 3).converts()).isEqualTo(Map.of("count", V1));
    // Batch 3 committed: version 4 holds V2 rows; the same declaration changes nothing.
    KeyedStateEvolution.Result later = evolve(widened.record(), spec(V2), 4);
    assertThat(later.converts()).isEmpty();
    assertThat(later.changed()).isFalse();
    // Narrowing is refused, naming both declarations.
    assertThatThrownBy(() -> evolve(widened.record(), spec(V1), 4)).isInstanceOf(AnalysisException.class)
        .hasMessageContaining("state variable 'count' was VALUE<" + V2.toDdl() + "> and is VALUE<" + V1.toDdl() + ">");
  }

  @Test
  void variablesAreBornKeptRevivedAndDeletedWithTheirStoreVersionsLinedUp() {
    KeyedStateRecord first = evolve(null, spec(V1), 0).record();
    KeyedStateEvolution.Result added = evolve(first, spec(V1).list("extra", V2), 3);
    assertThat(added.bases()).isEqualTo(Map.of("count", 0L, "extra", 3L));
    // A variable born at 3 holds nothing before 3: a replay of 3 may declare it otherwise, or not at all.
    assertThat(evolve(added.record(), spec(V1).value("extra", V1), 3).bases()).containsEntry("extra", 3L);
    KeyedStateRecord droppedEmpty = evolve(added.record(), spec(V1), 3).record();
    assertThat(evolve(droppedEmpty, spec(V1).value("extra", V1), 7).bases()).containsEntry("extra", 7L);

    // Used from 3 to 5, dropped at 6: its store's version 3 (6 - 3) is its last; declared again at 9, read there.
    KeyedStateRecord dropped = evolve(added.record(), spec(V1), 6).record();
    assertThat(dropped.kept()).singleElement().satisfies(e -> {
      assertThat(e.name()).isEqualTo("extra");
      assertThat(e.last()).isEqualTo(6);
    });
    KeyedStateEvolution.Result revived = evolve(dropped, spec(V1).list("extra", V2), 9);
    assertThat(revived.bases()).containsEntry("extra", 6L);
    assertThat(revived.record().kept()).isEmpty();
    assertThatThrownBy(() -> evolve(dropped, spec(V1).value("extra", V2), 9))
        .hasMessageContaining("state variable 'extra' was LIST<" + V2.toDdl() + "> and is VALUE<" + V2.toDdl() + ">")
        .hasMessageContaining("cannot change kind");

    KeyedStateEvolution.Result deleted = evolve(dropped, spec(V1).deleteIfExists("extra").deleteIfExists("never"), 9);
    assertThat(deleted.deleted()).isEqualTo(Set.of("extra"));
    assertThat(deleted.record().deleting()).isEqualTo(Set.of("extra"));
    assertThat(deleted.record().kept()).isEmpty();
    assertThat(evolve(deleted.record(), spec(V1).value("extra", V1), 9).bases()).containsEntry("extra", 9L);
  }

  @Test
  void ttlCannotBeTurnedOnForStoredValuesAndTimersCannotComeOrGo() {
    KeyedStateRecord first = evolve(null, spec(V1), 0).record();
    assertThatThrownBy(() -> evolve(first, KeyedStateSpec.of("op", KEY).with(StateVariable.value("count", V1)
        .withTtl(1000)), 2)).hasMessageContaining("TTL cannot be turned on");
    assertThat(evolve(first, KeyedStateSpec.of("op", KEY).with(StateVariable.value("count", V1).withTtl(1000)), 0)
        .bases()).as("nothing stored yet").containsEntry("count", 0L);
    assertThatThrownBy(() -> evolve(first, spec(V1).withTimers(), 2))
        .hasMessageContaining("the operator declares timers and the state has none");
  }

  @Test
  void theTimersStoreKeepsTheIndexesItWasBornWith() {
    KeyedStateRecord unlisted = evolve(null, spec(V1).withUnlistedTimers(), 0).record();
    assertThat(unlisted.timersByKey()).isFalse();
    assertThat(evolve(unlisted, spec(V1).withUnlistedTimers(), 3).record().timersByKey()).isFalse();
    assertThatThrownBy(() -> evolve(unlisted, spec(V1).withTimers(), 3))
        .hasMessageContaining("the operator lists timers by key and the state keeps its timers by time only");

    KeyedStateRecord listed = evolve(null, spec(V1).withTimers(), 0).record();
    KeyedStateEvolution.Result later = evolve(listed, spec(V1).withUnlistedTimers(), 3);
    assertThat(later.record().timersByKey()).as("an operator that stopped listing keeps the index by key").isTrue();

    // A record written before the choice existed has no timersByKey: every timer then had both indexes.
    String before = listed.toJson().replace(",\"timersByKey\":true", "");
    assertThat(before).doesNotContain("timersByKey");
    assertThat(KeyedStateRecord.parse("rec", before).timersByKey()).isTrue();
  }
}
