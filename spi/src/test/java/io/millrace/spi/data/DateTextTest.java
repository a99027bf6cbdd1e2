package io.millrace.spi.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Text read as a date as Spark 4.0.1's CAST(.. AS DATE) reads it (facts from Spark, UTC). */
class DateTextTest {
  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(delimiter = '|', nullValues = "NULL", value = {
      "2024-05-01|2024-05-01",
      "2024-5-1|2024-05-01",
      "2024|2024-01-01",
      "2024-05|2024-05-01",
      "2024-05-01 12:34:56|2024-05-01",
      "2024-05-01T23:00|2024-05-01",
      "2024-13-01|NULL",
      "' 2024-05-01 '|2024-05-01",
      "2024-02-30|NULL",
      "24-05-01|NULL",
      "2024-05-01x|NULL",
      "2024 |2024-01-01",
      "2024-05 x|NULL",
      "-0001-01-01|-0001-01-01",
      "+12345-01-01|+12345-01-01",
      "''|NULL"})
  void readsWhatSparksCastReads(String text, String expected) {
    Integer day = DateText.parse(text);
    assertThat(day == null ? null : TimestampText.formatDate(day)).isEqualTo(expected);
  }

  @Test
  void datesAreWrittenAsSparkWritesThem() {
    assertThat(TimestampText.formatDate(0)).isEqualTo("1970-01-01");
    assertThat(TimestampText.formatDate(-1)).isEqualTo("1969-12-31");
    assertThat(TimestampText.formatDate((int) LocalDate.of(1, 1, 1).toEpochDay())).isEqualTo("0001-01-01");
  }
}
