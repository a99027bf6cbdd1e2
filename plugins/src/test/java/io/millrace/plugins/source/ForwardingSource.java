package io.millrace.plugins.source;

import io.millrace.spi.data.Schema;
import io.millrace.spi.source.InputPartition;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.PartitionReader;
import io.millrace.spi.source.ReadLimit;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceCapability;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** A source as it is, that tells a test when it is closed. */
final class ForwardingSource implements Source {
  private final Source source;
  private final Runnable onClose;

  ForwardingSource(Source source, Runnable onClose) {
    this.source = source;
    this.onClose = onClose;
  }

  @Override
  public Schema schema() {
    return source.schema();
  }

  @Override
  public Set<SourceCapability> capabilities() {
    return source.capabilities();
  }

  @Override
  public Offset initialOffset() {
    return source.initialOffset();
  }

  @Override
  public Offset deserializeOffset(String json) {
    return source.deserializeOffset(json);
  }

  @Override
  public ReadLimit defaultReadLimit() {
    return source.defaultReadLimit();
  }

  @Override
  public Offset latestOffset(Offset start, ReadLimit limit) throws IOException {
    return source.latestOffset(start, limit);
  }

  @Override
  public List<InputPartition> planInputPartitions(Offset start, Offset end) throws IOException {
    return source.planInputPartitions(start, end);
  }

  @Override
  public PartitionReader createReader(InputPartition partition) throws IOException {
    return source.createReader(partition);
  }

  @Override
  public void commit(Offset end) throws IOException {
    source.commit(end);
  }

  @Override
  public Map<String, String> metrics() {
    return source.metrics();
  }

  @Override
  public void close() throws IOException {
    onClose.run();
    source.close();
  }
}
