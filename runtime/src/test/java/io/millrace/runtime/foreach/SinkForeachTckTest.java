package io.millrace.runtime.foreach;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.SinkProvider;
import io.millrace.tck.sink.SinkContractSuite;
import io.millrace.tck.sink.SinkKit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** The {@code foreach} sink, with a writer class that writes files, keeps the (at-least-once) sink contract. */
class SinkForeachTckTest extends SinkContractSuite {
  @Override
  protected SinkKit kit() {
    return new SinkKit() {
      private final Path dir = temp();
      private long sequence;

      @Override
      public SinkProvider provider() {
        return new ForeachSinkProvider();
      }

      @Override
      public Map<String, String> options() {
        return Map.of("writer", FileForeachWriter.class.getName(), "dir", dir.toString());
      }

      @Override
      public Schema schema() {
        return Schema.parse("id LONG NOT NULL, value STRING");
      }

      @Override
      public List<Row> rows(int count, Random random) {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
          rows.add(Row.of(sequence++, "v" + random.nextInt(1000)));
        }
        return rows;
      }

      @Override
      public List<Row> readBack() throws IOException {
        return FileForeachWriter.readBack(dir);
      }
    };
  }

  private static Path temp() {
    try {
      return Files.createTempDirectory("millrace-foreach-tck");
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
