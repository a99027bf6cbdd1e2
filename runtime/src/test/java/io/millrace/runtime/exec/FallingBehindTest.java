package io.millrace.runtime.exec;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FallingBehindTest {
  private final FallingBehind check = new FallingBehind("q");

  @Test
  void threeBatchesInARowClearlySlowerThanTheirInputAreBehind() {
    assertThat(check.update(0, null, 5e6, 100, 0, 1000)).isEmpty();
    assertThat(check.update(1, 10e6, 5e6, 200, 0, 1000)).isEmpty();
    assertThat(check.update(2, 10e6, 5e6, 400, 0, 1000)).isEmpty();
    assertThat(check.update(3, 10e6, 5e6, 800, 0, 1000)).hasValueSatisfying(reason ->
        assertThat(reason).isEqualTo("the last 3 batches processed rows more slowly than they arrived (now 5000000"
            + " against 10000000 rows/s)"));
    assertThat(check.update(4, 10e6, 5e6, 1600, 0, 1000)).isPresent();
  }

  @Test
  void aBatchThatKeepsUpEndsTheRun() {
    check.update(0, 10e6, 5e6, 100, 0, 1000);
    check.update(1, 10e6, 5e6, 100, 0, 1000);
    assertThat(check.update(2, 10e6, 10e6, 100, 0, 1000)).isEmpty();
    assertThat(check.update(3, 10e6, 5e6, 100, 0, 1000)).isEmpty();
    assertThat(check.update(4, 10e6, 5e6, 100, 0, 1000)).isEmpty();
  }

  @Test
  void noiseOfAFewPercentIsNotBehind() {
    for (int batch = 0; batch < 10; batch++) {
      assertThat(check.update(batch, 10e6, 9.5e6, 100, 0, 1000)).isEmpty();
    }
  }

  @Test
  void ratesOverTriggersMillisecondsApartAreNotJudged() {
    // One row per batch, back to back: 1 row in a 2 ms gap is 500 rows/s, in 2.3 ms of work 435.
    for (int batch = 0; batch < 10; batch++) {
      assertThat(check.update(batch, 500.0, 435.0, 2, 0, 2)).isEmpty();
    }
    assertThat(check.update(10, 500.0, 435.0, 230, 0, 200)).isEmpty();
    assertThat(check.update(11, 500.0, 435.0, 230, 0, 200)).isEmpty();
    assertThat(check.update(12, 500.0, 435.0, 230, 0, 200)).as("gaps of 100 ms and more are judged").isPresent();
  }

  @Test
  void aBatchLongerThanItsTriggerIntervalIsBehindAtOnce() {
    assertThat(check.update(0, null, 1e3, 1500, 1000, 1000)).hasValue(
        "batch 0 took 1500 ms, longer than its trigger interval of 1000 ms");
    assertThat(check.update(1, 1e3, 1e3, 900, 1000, 1000)).isEmpty();
    assertThat(check.update(2, 1e3, 1e3, 5000, 0, 1000)).as("no interval: batches run back to back").isEmpty();
  }
}
