package io.millrace.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.InvalidOptionException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SettingsTest {

  @Test
  void aMisspeltSettingFailsListingTheKnownOnes() {
    assertThatThrownBy(() -> new Settings(Map.of("millrace.minBatchesToRetian", "5")))
        .isInstanceOfSatisfying(InvalidOptionException.class, e -> assertThat(e.option()).isEqualTo("millrace.minBatchesToRetian"))
        .hasMessageContaining("unknown setting 'millrace.minBatchesToRetian'")
        .hasMessageContaining("millrace.minBatchesToRetain");
    assertThatThrownBy(() -> new Settings(Map.of("millrace.state.provder", "rocksdb")))
        .hasMessageContaining("unknown setting 'millrace.state.provder'");
  }

  @Test
  void pluginNamespacesAndForeignKeysAreLeftToTheirOwners() {
    Settings s = new Settings(Map.of("millrace.hadoop.fs.defaultFS", "hdfs://nn:8020",
        "millrace.state.rocksdb.maxMemoryMB", "256", "spark.sql.shuffle.partitions", "200"));
    assertThat(s.options().get("millrace.hadoop.fs.defaultFS")).contains("hdfs://nn:8020");
  }

  @Test
  void outOfRangeValuesFailAtBuildNamingTheSetting() {
    assertThatThrownBy(() -> new Settings(Map.of("millrace.minBatchesToRetain", "2147483648")))
        .isInstanceOf(InvalidOptionException.class)
        .hasMessageContaining("millrace.minBatchesToRetain")
        .hasMessageContaining("2147483648");
    assertThatThrownBy(() -> new Settings(Map.of("millrace.minBatchesToRetain", "0")))
        .hasMessageContaining("millrace.minBatchesToRetain");
    assertThatThrownBy(() -> new Settings(Map.of("millrace.task.threads", "-1")))
        .hasMessageContaining("millrace.task.threads");
    assertThatThrownBy(() -> new Settings(Map.of("millrace.watermark.multiplePolicy", "avg")))
        .hasMessageContaining("min or max");
  }
}
