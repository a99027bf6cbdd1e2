package io.millrace.source.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.DateTimeException;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TimestampParserTest {
  private final TimestampParser iso = TimestampParser.iso();

  @ParameterizedTest
  @ValueSource(strings = {"2026-09-14T23:59:57.067Z", "2024-02-29T00:00:00Z", "1969-12-31T23:59:59.999999Z",
      "1970-01-01T00:00:00.1Z", "2000-03-01T12:34:56.123456789Z", "2026-09-14T23:59:57.067+02:00"})
  void agreesWithInstant(String text) {
    assertThat(iso.parse(text)).isEqualTo(TimestampParser.micros(Instant.from(
        java.time.format.DateTimeFormatter.ISO_OFFSET_DATE_TIME.parse(text))));
  }

  @ParameterizedTest
  @ValueSource(strings = {"2026-02-30T00:00:00Z", "2026-13-01T00:00:00Z", "yesterday", "2026-09-14 23:59:57Z"})
  void refusesWhatIsNotATimestamp(String text) {
    assertThatThrownBy(() -> iso.parse(text)).isInstanceOf(DateTimeException.class);
  }

  /** One parser reads a file's timestamps in turn and keeps the last one's minute: each must still come out as Instant reads it. */
  @Test
  void timestampsReadOneAfterAnotherAgreeWithInstantWhetherTheirMinuteRepeatsOrNot() {
    String[] texts = {"2026-09-14T23:59:57.067Z", "2026-09-14T23:59:58Z", "2026-09-14T23:59:01.5Z",
        "2026-09-15T00:00:00.000001Z", "2026-09-14T23:59:59.999999999Z", "2026-09-15T23:59:59.999Z",
        "2026-09-15T23:59:00Z", "2024-02-29T23:59:30Z", "2025-02-28T23:59:30Z", "1969-12-31T23:59:59.9Z",
        "1969-12-31T23:59:00.25Z", "2026-09-15T23:59:07.067+00:00", "2026-09-15T23:59:08.1Z"};
    for (String text : texts) {
      assertThat(iso.parse(text)).as(text).isEqualTo(TimestampParser.micros(Instant.from(
          java.time.format.DateTimeFormatter.ISO_OFFSET_DATE_TIME.parse(text))));
    }
  }

  @Test
  void aKnownMinuteDoesNotLetBadSecondsOrAnotherBadMinuteThrough() {
    iso.parse("2026-02-28T10:15:00Z");
    for (String bad : new String[] {"2026-02-28T10:15:61Z", "2026-02-28T10:15:0xZ", "2026-02-28T10:15:00.1xZ",
        "2026-02-28T10:15:00.1234567890Z", "2026-02-29T10:15:00Z", "2026-02-28T10:75:00Z"}) {
      assertThatThrownBy(() -> iso.parse(bad)).as(bad).isInstanceOf(DateTimeException.class);
    }
    assertThat(iso.parse("2026-02-28T10:15:59.5Z")).isEqualTo(TimestampParser.micros(Instant.parse(
        "2026-02-28T10:15:59.5Z")));
  }
}
