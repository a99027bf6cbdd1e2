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
}
