package io.millrace.runtime.state;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.zip.GZIPInputStream;

/**
 * The small sessions dataset: spark-baseline's {@code DataGen --files 10 --rows-per-file 1000
 * --keys 1000 --seed 42 --extra-files 0} (10,000 events of 1,000 keys over about ten seconds,
 * timestamps jittered by up to 5 s, a few up to 20 minutes late), gzipped under
 * {@code sessions-small/}. Each file as rows {@code key, ts, amount}, as the sessions benchmark
 * selects them.
 */
final class SessionsTestData {
  static final Schema SCHEMA = Schema.parse("key STRING, ts TIMESTAMP, amount DOUBLE");
  static final int FILES = 10;

  private SessionsTestData() {}

  static List<Row> file(int index) throws IOException {
    String name = String.format("sessions-small/part-%05d.json.gz", index);
    ObjectMapper json = new ObjectMapper();
    List<Row> rows = new ArrayList<>();
    try (BufferedReader in = new BufferedReader(new InputStreamReader(new GZIPInputStream(Objects.requireNonNull(
        SessionsTestData.class.getResourceAsStream(name), name)), StandardCharsets.UTF_8))) {
      for (String line; (line = in.readLine()) != null; ) {
        JsonNode n = json.readTree(line);
        Instant ts = Instant.parse(n.get("ts").asText());
        rows.add(Row.of(n.get("key").asText(), ts.toEpochMilli() * 1000, n.get("amount").asDouble()));
      }
    }
    return rows;
  }
}
