package io.millrace.plugins.source;

import io.millrace.tck.source.SourceContractSuite;
import io.millrace.tck.source.SourceKit;

/** The {@code socket} source keeps the source contract where it applies (not the replay rules). */
class SourceSocketTckTest extends SourceContractSuite {
  @Override
  protected SourceKit kit() {
    return new SocketSourceKit();
  }
}
