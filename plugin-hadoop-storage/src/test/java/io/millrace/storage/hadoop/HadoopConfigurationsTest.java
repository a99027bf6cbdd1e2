package io.millrace.storage.hadoop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.Options;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** Session options become Hadoop settings: {@code millrace.hadoop.<key>} to {@code <key>}, and nothing else. */
class HadoopConfigurationsTest {

  @Test
  void prefixedOptionsBecomeHadoopKeys() {
    Map<String, String> given = new LinkedHashMap<>();
    given.put("millrace.hadoop.fs.s3a.endpoint", "http://127.0.0.1:9000");
    given.put("millrace.hadoop.dfs.replication", "1");
    Configuration conf = HadoopConfigurations.from(Options.of("storage 'hadoop'", given));

    assertThat(conf.get("fs.s3a.endpoint")).isEqualTo("http://127.0.0.1:9000");
    assertThat(conf.getInt("dfs.replication", 3)).isEqualTo(1);
  }

  @Test
  void thePrefixMatchesInAnyCaseAndTheHadoopKeyKeepsItsCase() {
    Configuration conf = HadoopConfigurations.from(Options.of("session",
        Map.of("MILLRACE.Hadoop.fs.s3a.bucket.MyBucket.endpoint", "http://example.invalid")));

    assertThat(conf.get("fs.s3a.bucket.MyBucket.endpoint")).isEqualTo("http://example.invalid");
    assertThat(conf.get("fs.s3a.bucket.mybucket.endpoint")).isNull();
  }

  @Test
  void otherOptionsDoNotReachHadoop() {
    Configuration conf = HadoopConfigurations.from(Options.of("session",
        Map.of("millrace.state.provider", "hdfs", "fs.s3a.endpoint", "http://not-prefixed.invalid")));

    assertThat(conf.get("millrace.state.provider")).isNull();
    assertThat(conf.get("state.provider")).isNull();
    assertThat(conf.get("fs.s3a.endpoint")).isNotEqualTo("http://not-prefixed.invalid");
  }

  @Test
  void hadoopDefaultsStayWhereNoOptionOverridesThem() {
    Configuration conf = HadoopConfigurations.from(Options.empty("session"));

    assertThat(conf.get("fs.s3a.impl")).isEqualTo("org.apache.hadoop.fs.s3a.S3AFileSystem");
  }

  @Test
  void eachValueRecordsTheOptionItCameFrom() {
    Configuration conf = HadoopConfigurations.from(Options.of("session 'q1'",
        Map.of("millrace.hadoop.fs.s3a.endpoint", "http://127.0.0.1:9000")));

    assertThat(conf.getPropertySources("fs.s3a.endpoint"))
        .containsExactly("option millrace.hadoop.fs.s3a.endpoint of session 'q1'");
  }

  @Test
  void aPrefixWithoutAKeyIsRefusedNamingTheOptionAndItsOwner() {
    Options options = Options.of("session 'q1'", Map.of("millrace.hadoop.", "x"));

    assertThatThrownBy(() -> HadoopConfigurations.from(options))
        .isInstanceOf(InvalidOptionException.class)
        .hasMessageContaining("millrace.hadoop.")
        .hasMessageContaining("session 'q1'")
        .hasMessageContaining("a Hadoop key after 'millrace.hadoop.'");
  }
}
