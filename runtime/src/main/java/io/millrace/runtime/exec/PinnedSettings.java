package io.millrace.runtime.exec;

import io.millrace.runtime.Settings;
import io.millrace.runtime.checkpoint.OffsetSeq;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The settings a checkpoint fixes at its first run ({@link Settings#PINNED_DEFAULTS}). On a
 * restart the checkpoint's values win over the session's, and every such override is logged
 * and reported in the query-started event, never applied silently.
 *
 * @param values the settings this run uses
 * @param overridden for each session value that lost: what the checkpoint has and what was asked
 */
record PinnedSettings(Map<String, String> values, Map<String, String> overridden) {
  private static final Logger LOG = LoggerFactory.getLogger(PinnedSettings.class);

  static PinnedSettings resolve(Settings settings, Optional<OffsetSeq> latest, URI checkpoint) {
    if (latest.isEmpty()) {
      return new PinnedSettings(Map.copyOf(settings.pinnedForNewCheckpoint()), Map.of());
    }
    Map<String, String> values = new LinkedHashMap<>();
    Map<String, String> overridden = new LinkedHashMap<>();
    Map<String, String> recorded = latest.get().conf();
    for (Map.Entry<String, String> e : Settings.PINNED_DEFAULTS.entrySet()) {
      String key = e.getKey();
      // A key missing from an older checkpoint means it was written with the default.
      String pinnedValue = recorded.getOrDefault(key, e.getValue());
      values.put(key, pinnedValue);
      Optional<String> asked = settings.options().get(key);
      if (asked.isPresent() && !asked.get().trim().equalsIgnoreCase(pinnedValue)) {
        overridden.put(key, pinnedValue + " (session asked for " + asked.get() + ")");
        LOG.warn("Setting {} is pinned to {} by checkpoint {}; the session's value {} is ignored. "
            + "Use a new checkpointLocation to change it.", key, pinnedValue, checkpoint, asked.get());
      }
    }
    return new PinnedSettings(Map.copyOf(values), Map.copyOf(overridden));
  }
}
