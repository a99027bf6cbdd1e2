package io.millrace.runtime.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.data.TableText;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A {@code show()} table writes timestamps as Spark's {@code show()} and casts to STRING do. */
class ShowTimestampsTest {
  @Test
  void timestampsOutsideTheFourDigitYearsAndBeforeTheEpochAreWrittenAsSparkShowsThem() {
    // Spark 4.0.1, session time zone UTC:
    //   SELECT CAST(253402300800L AS TIMESTAMP) a, CAST(-62135596801L AS TIMESTAMP) b,
    //          CAST('-0001-01-01' AS TIMESTAMP) c, TIMESTAMP '1969-12-31 23:59:59.5' d,
    //          TIMESTAMP '2026-09-15 00:42:04.508' e, CAST(-1.5D AS TIMESTAMP) f
    //   .show(false) printed this row:
    String spark = "|+10000-01-01 00:00:00|0000-12-31 23:59:59|-0001-01-01 00:00:00|1969-12-31 23:59:59.5"
        + "|2026-09-15 00:42:04.508|1969-12-31 23:59:58.5|";
    Schema schema = Schema.parse("a TIMESTAMP, b TIMESTAMP, c TIMESTAMP, d TIMESTAMP, e TIMESTAMP, f TIMESTAMP");
    Row row = Row.of(253_402_300_800_000_000L, -62_135_596_801_000_000L, -62_198_755_200_000_000L, -500_000L,
        1_789_432_924_508_000L, -1_500_000L);

    String table = TableText.render(schema, List.of(row), 20, false);

    assertThat(table.lines()).contains(spark);
  }
}
