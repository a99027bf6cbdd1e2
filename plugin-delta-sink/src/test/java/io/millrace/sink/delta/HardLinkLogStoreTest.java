package io.millrace.sink.delta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.delta.kernel.defaults.internal.logstore.LogStoreProvider;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HardLinkLogStoreTest {
  @TempDir Path dir;

  private final HardLinkLogStore store = new HardLinkLogStore(new Configuration());

  private org.apache.hadoop.fs.Path hadoopPath(Path p) {
    return new org.apache.hadoop.fs.Path(p.toUri());
  }

  @Test
  void aSecondCreateOfOneVersionFailsAndLeavesTheFirstIntact() throws Exception {
    Path commit = dir.resolve("_delta_log/00000000000000000001.json");
    store.write(hadoopPath(commit), List.of("{\"first\":1}").iterator(), false, new Configuration());
    assertThatThrownBy(() -> store.write(hadoopPath(commit), List.of("{\"second\":2}").iterator(), false,
        new Configuration())).isInstanceOf(FileAlreadyExistsException.class);
    assertThat(Files.readAllLines(commit)).containsExactly("{\"first\":1}");
    try (var files = Files.list(commit.getParent())) {
      assertThat(files.map(p -> p.getFileName().toString()).toList())
          .as("no temporary file is left behind").containsExactly("00000000000000000001.json");
    }
  }

  @Test
  void anOverwriteReplacesAtomically() throws Exception {
    Path last = dir.resolve("_delta_log/_last_checkpoint");
    store.write(hadoopPath(last), List.of("a").iterator(), true, new Configuration());
    store.write(hadoopPath(last), List.of("b", "c").iterator(), true, new Configuration());
    assertThat(Files.readAllLines(last)).containsExactly("b", "c");
  }

  @Test
  void checkpointsAreNeverWrittenInPlace() throws Exception {
    assertThat(store.isPartialWriteVisible(hadoopPath(dir), new Configuration())).isTrue();
  }

  @Test
  void theSinkEngineUsesItForLocalTablesOnly() {
    KernelEngine kernel = KernelEngine.create(Map.of());
    assertThat(LogStoreProvider.getLogStore(kernel.conf(), "file")).isInstanceOf(HardLinkLogStore.class);
    assertThat(LogStoreProvider.getLogStore(kernel.conf(), "hdfs")).isNotInstanceOf(HardLinkLogStore.class);
  }
}
