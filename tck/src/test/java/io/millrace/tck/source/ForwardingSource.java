package io.millrace.tck.source;

import io.millrace.spi.data.Schema;
import io.millrace.spi.source.InputPartition;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.PartitionReader;
import io.millrace.spi.source.ReadLimit;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceCapability;
import java.io.IOException;
import java.util.List;
import java.util.Set;

/** A source that passes every call to another; the broken sources override the one call they get wrong. */
abstract class ForwardingSource implements Source {
  protected final Source delegate;

  ForwardingSource(Source delegate) {
    this.delegate = delegate;
  }

  @Override
  public Schema schema() {
    return delegate.schema();
  }

  @Override
  public Set<SourceCapability> capabilities() {
    return delegate.capabilities();
  }

  @Override
  public Offset initialOffset() {
    return delegate.initialOffset();
  }

  @Override
  public Offset deserializeOffset(String json) {
    return delegate.deserializeOffset(json);
  }

  @Override
  public Offset latestOffset(Offset start, ReadLimit limit) throws IOException {
    return delegate.latestOffset(start, limit);
  }

  @Override
  public void prepareForAvailableNow() throws IOException {
    delegate.prepareForAvailableNow();
  }

  @Override
  public List<InputPartition> planInputPartitions(Offset start, Offset end) throws IOException {
    return delegate.planInputPartitions(start, end);
  }

  @Override
  public PartitionReader createReader(InputPartition partition) throws IOException {
    return delegate.createReader(partition);
  }

  @Override
  public void commit(Offset end) throws IOException {
    delegate.commit(end);
  }

  @Override
  public void close() throws IOException {
    delegate.close();
  }
}
