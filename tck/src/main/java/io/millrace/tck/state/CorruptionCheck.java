package io.millrace.tck.state;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import io.millrace.spi.CorruptFileException;
import io.millrace.spi.state.StateStoreId;
import io.millrace.spi.state.StateVersionNotFoundException;
import io.millrace.spi.storage.Storage;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * T16: every file the provider wrote is damaged in turn (first byte flipped, middle byte
 * flipped, cut to half its length), and every version is then read by a fresh provider: it
 * must read right or fail with CorruptFileException or StateVersionNotFoundException naming
 * the damaged file. The file is restored before the next damage.
 */
final class CorruptionCheck {
  private record Damage(String name, UnaryOperator<byte[]> apply) {}

  private static final List<Damage> DAMAGES = List.of(
      new Damage("flipping the first byte", b -> flip(b, 0)),
      new Damage("flipping the middle byte", b -> flip(b, b.length / 2)),
      new Damage("truncating to half its length", b -> Arrays.copyOf(b, b.length / 2)));

  private final StateHarness harness;
  private final String rule;
  private final StateStoreId id;
  private final History history = new History();

  CorruptionCheck(StateHarness harness, String rule) {
    this.harness = harness;
    this.rule = rule;
    this.id = harness.id();
  }

  void run() {
    writeVersions();
    Storage storage = harness.storage();
    TreeMap<String, Long> files = StoreFiles.list(storage, id.storePath());
    assertFalse(files.isEmpty(), rule + ": the provider wrote no files under " + id.storePath());
    for (String path : files.keySet()) {
      byte[] original = StoreFiles.read(storage, path);
      if (original.length == 0) {
        continue;
      }
      for (Damage damage : DAMAGES) {
        StoreFiles.replace(storage, path, damage.apply().apply(original));
        try {
          readEveryVersion(path, damage.name() + " of " + path);
        } finally {
          StoreFiles.replace(storage, path, original);
        }
      }
    }
  }

  /** Versions written with every snapshot setting the kit offers, so both kinds of file get damaged. */
  private void writeVersions() {
    List<Map<String, String>> settings = new ArrayList<>();
    harness.kit().deltasOnly().ifPresent(settings::add);
    harness.kit().snapshotEveryVersion().ifPresent(settings::add);
    settings.add(Map.of());
    for (Map<String, String> knob : settings) {
      var provider = harness.fresh(id, knob);
      history.commitTypical(rule, provider);
      history.commitTypical(rule, provider);
    }
  }

  private void readEveryVersion(String path, String damage) {
    String name = StoreFiles.name(path);
    for (long v = 1; v <= history.latest(); v++) {
      try {
        StateData.assertContents(rule + ": after " + damage + ", version " + v + " was read with wrong data",
            history.version(v), StateData.read(rule, harness.fresh(id), v));
      } catch (CorruptFileException e) {
        if (!e.getMessage().contains(name) && !e.path().contains(name)) {
          fail(rule + ": after " + damage + ", reading version " + v + " failed without naming " + name + ": " + e.getMessage(), e);
        }
      } catch (StateVersionNotFoundException e) {
        if (!e.getMessage().contains(name) && e.filesLookedFor().stream().noneMatch(f -> f.contains(name))) {
          fail(rule + ": after " + damage + ", reading version " + v + " failed without naming " + name + ": " + e.getMessage(), e);
        }
      } catch (RuntimeException e) {
        fail(rule + ": after " + damage + ", reading version " + v + " should fail with CorruptFileException or"
            + " StateVersionNotFoundException naming " + name + ", but threw " + e, e);
      }
    }
  }

  private static byte[] flip(byte[] bytes, int index) {
    byte[] copy = bytes.clone();
    copy[index] ^= (byte) 0xFF;
    return copy;
  }
}
