package io.millrace.plugins;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.spi.Plugin;
import io.millrace.spi.PluginKind;
import io.millrace.spi.Spi;
import io.millrace.spi.storage.StorageProvider;
import java.util.List;
import java.util.ServiceLoader;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

class ServiceRegistrationTest {

  private static List<Plugin> load(PluginKind kind) {
    return StreamSupport.stream(ServiceLoader.load(kind.service()).spliterator(), false).map(Plugin.class::cast).toList();
  }

  @Test
  void everyBuiltInIsFoundByItsServiceInterfaceUnderItsName() {
    assertThat(load(PluginKind.SOURCE)).extracting(Plugin::name).containsExactlyInAnyOrder("rate", "socket");
    assertThat(load(PluginKind.SINK)).extracting(Plugin::name).containsExactlyInAnyOrder("memory", "console");
    assertThat(load(PluginKind.TRIGGER)).extracting(Plugin::name)
        .containsExactlyInAnyOrder("default", "processingTime", "once", "availableNow");
    assertThat(load(PluginKind.STORAGE)).extracting(Plugin::name).containsExactly("local");
    assertThat(load(PluginKind.STATE_STORE)).isEmpty();
  }

  @Test
  void everyBuiltInReportsItsKindAndTheSpiVersion() {
    for (PluginKind kind : PluginKind.values()) {
      assertThat(load(kind)).allSatisfy(plugin -> {
        assertThat(plugin.kind()).isEqualTo(kind);
        assertThat(plugin.spiVersion()).isEqualTo(Spi.VERSION);
        assertThat(plugin.description()).isNotBlank();
      });
    }
  }

  @Test
  void theLocalStorageServesFileUris() {
    assertThat(ServiceLoader.load(StorageProvider.class).findFirst()).hasValueSatisfying(
        provider -> assertThat(provider.schemes()).containsExactly("file"));
  }
}
