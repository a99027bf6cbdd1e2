package io.millrace.runtime.exec;

import io.millrace.spi.sink.DeliveryGuarantee;
import java.util.ArrayList;
import java.util.List;

/**
 * The end-to-end guarantee of a query and why: exactly-once needs every source replayable
 * and a sink that writes each batch id once.
 */
record Guarantee(DeliveryGuarantee level, String reason) {

  static Guarantee of(List<SourceBinding> sources, BatchWriter writer, boolean durableCheckpoint) {
    List<String> notReplayable = new ArrayList<>();
    for (SourceBinding s : sources) {
      if (!s.replayable()) {
        notReplayable.add(s.description);
      }
    }
    if (writer.guarantee() == DeliveryGuarantee.NONE) {
      return new Guarantee(DeliveryGuarantee.NONE, "sink " + writer.description() + " promises no delivery guarantee");
    }
    if (!notReplayable.isEmpty()) {
      return new Guarantee(DeliveryGuarantee.NONE,
          "sources " + notReplayable + " cannot replay a batch after a failure, so rows may be lost");
    }
    if (!durableCheckpoint) {
      return new Guarantee(DeliveryGuarantee.AT_LEAST_ONCE,
          "no checkpointLocation was given: the temporary checkpoint does not survive a restart");
    }
    if (writer.guarantee() == DeliveryGuarantee.AT_LEAST_ONCE) {
      return new Guarantee(DeliveryGuarantee.AT_LEAST_ONCE,
          "sink " + writer.description() + " may write a replayed batch again");
    }
    return new Guarantee(DeliveryGuarantee.EXACTLY_ONCE,
        "every source is replayable and sink " + writer.description() + " writes each batch id once");
  }

  String label() {
    return level.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }
}
