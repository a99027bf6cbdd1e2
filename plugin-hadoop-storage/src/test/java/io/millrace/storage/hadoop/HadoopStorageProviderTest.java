package io.millrace.storage.hadoop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.Options;
import io.millrace.spi.PluginKind;
import io.millrace.spi.Spi;
import io.millrace.spi.storage.Storage;
import io.millrace.spi.storage.StorageProvider;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Map;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/** The provider's identity, its schemes, and how it fails when a scheme cannot be served. */
class HadoopStorageProviderTest {
  /** S3A settings that let a storage open without reaching any server (no bucket probe). */
  private static final Options OFFLINE_S3A = Options.of("session", Map.of(
      "millrace.hadoop.fs.s3a.endpoint", "http://127.0.0.1:9",
      "millrace.hadoop.fs.s3a.endpoint.region", "us-east-1",
      "millrace.hadoop.fs.s3a.access.key", "k",
      "millrace.hadoop.fs.s3a.secret.key", "s"));

  private final HadoopStorageProvider provider = new HadoopStorageProvider();

  @Test
  void isAStoragePluginNamedHadoopForThisSpi() {
    assertThat(provider.name()).isEqualTo("hadoop");
    assertThat(provider.kind()).isEqualTo(PluginKind.STORAGE);
    assertThat(provider.spiVersion()).isEqualTo(Spi.VERSION);
  }

  @Test
  void servesTheHadoopSchemesButNotFile() {
    assertThat(provider.schemes()).containsExactlyInAnyOrder(
        "hdfs", "s3a", "abfs", "abfss", "gs", "wasb", "wasbs", "viewfs", "webhdfs", "o3fs", "ofs");
    assertThat(provider.schemes()).doesNotContain("file");
  }

  @Test
  void serviceLoaderFindsIt() {
    assertThat(ServiceLoader.load(StorageProvider.class).stream().map(ServiceLoader.Provider::type))
        .contains(HadoopStorageProvider.class);
  }

  @Test
  void aSchemeItDoesNotServeIsRefusedWithTheListOfSchemes() {
    assertThatThrownBy(() -> provider.open(URI.create("file:/tmp/x"), Options.empty("session")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'file'")
        .hasMessageContaining("hdfs");
  }

  @Test
  void aSchemeWhoseConnectorIsMissingNamesTheConnector() {
    assertThatThrownBy(() -> provider.open(URI.create("gs://bucket/ckpt"), Options.empty("session")))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("gs://bucket/")
        .hasMessageContaining("com.google.cloud.bigdataoss:gcs-connector");
  }

  @Test
  void objectStoresDoNotPromiseAtomicCreateIfAbsentAndNothingPromisesLocks() throws IOException {
    try (Storage s3 = provider.open(URI.create("s3a://bucket/ckpt"), OFFLINE_S3A)) {
      assertThat(s3.capabilities().atomicCreateIfAbsent()).isFalse();
      assertThat(s3.capabilities().locks()).isFalse();
      assertThat(((HadoopStorage) s3).usesConditionalPut()).isTrue();
    }
  }

  @Test
  void theConditionalPutFollowsHadoopsSwitch() throws IOException {
    Map<String, String> options = new java.util.HashMap<>(OFFLINE_S3A.asMap());
    options.put("millrace.hadoop.fs.s3a.create.conditional.enabled", "false");
    try (Storage s3 = provider.open(URI.create("s3a://bucket/"), Options.of("session", options))) {
      assertThat(((HadoopStorage) s3).usesConditionalPut()).isFalse();
    }
  }

  @Test
  void aPathOfAnotherFileSystemIsRefusedNamingBoth() throws IOException {
    try (Storage s3 = provider.open(URI.create("s3a://bucket/"), OFFLINE_S3A)) {
      assertThatThrownBy(() -> s3.status(URI.create("s3a://other-bucket/x")))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("s3a://bucket/")
          .hasMessageContaining("s3a://other-bucket/x");
    }
  }

  @Test
  void opensFromAThreadWhoseContextLoaderCannotSeeHadoopAndRestoresIt() throws IOException {
    // The runtime calls plugins from its own threads, whose context loader is not the plugin's.
    ClassLoader blind = new URLClassLoader(new URL[0], null);
    Thread thread = Thread.currentThread();
    ClassLoader before = thread.getContextClassLoader();
    thread.setContextClassLoader(blind);
    try (Storage s3 = provider.open(URI.create("s3a://bucket/"), OFFLINE_S3A)) {
      assertThat(thread.getContextClassLoader()).isSameAs(blind);
      assertThat(s3.toString()).contains("s3a://bucket/");
    } finally {
      thread.setContextClassLoader(before);
    }
  }
}
