package io.millrace.api.engine;

import io.millrace.api.Clock;
import io.millrace.spi.fault.FaultInjector;
import java.util.Map;
import java.util.Objects;

/**
 * What {@code MillraceSession.builder()} collected for the engine.
 *
 * @param conf the settings, such as {@code millrace.shuffle.partitions}
 * @param faults called at every fault point, for crash tests; {@link FaultInjector#NONE} otherwise
 * @param clock the clock every query of the session reads
 */
public record EngineSettings(Map<String, String> conf, FaultInjector faults, Clock clock) {
  public EngineSettings {
    conf = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(conf));
    Objects.requireNonNull(faults, "faults");
    Objects.requireNonNull(clock, "clock");
  }
}
