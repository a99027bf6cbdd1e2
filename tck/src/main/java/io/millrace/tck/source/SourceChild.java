package io.millrace.tck.source;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.fault.FaultPoint;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.ReadLimit;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceProvider;
import io.millrace.tck.CrashAt;
import io.millrace.tck.TckContext;
import io.millrace.tck.child.ChildChannel;
import io.millrace.tck.child.ChildPlugins;
import io.millrace.tck.child.ChildTask;
import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * S15's child JVM, playing the engine on a source made from the provider's class name: batch 1
 * ({@code offset 1 <json>}, its rows as {@code row <text>} lines, {@code committed 1}); then,
 * once the rule says {@code go}, batch 2 ({@code offset 2 <json>}, its rows, {@code read 2}),
 * and a halt before batch 2 is committed.
 */
record SourceChild(String providerClass, Map<String, String> options, String userSchema, String metadataPath,
    String queryId) implements ChildTask {
  private static final long serialVersionUID = 1L;

  static SourceChild of(SourceKit kit, URI metadataPath, String queryId) {
    return new SourceChild(kit.provider().getClass().getName(), new HashMap<>(kit.options()),
        kit.userSchema().map(Schema::toDdl).orElse(null), metadataPath.toString(), queryId);
  }

  /** A row as one protocol line: its text, line breaks escaped. */
  static String line(Row row) {
    return row.toString().replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r");
  }

  @Override
  public void run(ChildChannel channel) throws Exception {
    SourceProvider provider = ChildPlugins.create(providerClass, SourceProvider.class);
    Source source = provider.create(TckContext.source(provider.name(), options, queryId,
        Optional.ofNullable(userSchema).map(Schema::parse), URI.create(metadataPath)));
    CrashAt crash = CrashAt.haltAt(FaultPoint.BEFORE_COMMIT_LOG, 2);
    Offset first = source.latestOffset(source.initialOffset(), ReadLimit.allAvailable());
    channel.send("offset 1 " + first.json());
    Ranges.all("S15", source, source.initialOffset(), first).forEach(row -> channel.send("row " + line(row)));
    crash.reached(FaultPoint.BEFORE_COMMIT_LOG, 1);
    source.commit(first);
    channel.send("committed 1");
    if (!"go".equals(channel.receive())) {
      return;
    }
    Offset second = source.latestOffset(first, ReadLimit.allAvailable());
    channel.send("offset 2 " + second.json());
    Ranges.all("S15", source, first, second).forEach(row -> channel.send("row " + line(row)));
    channel.send("read 2");
    crash.reached(FaultPoint.BEFORE_COMMIT_LOG, 2);
  }
}
