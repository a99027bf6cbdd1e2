package io.millrace.source.file;

import io.millrace.tck.source.SourceContractSuite;
import io.millrace.tck.source.SourceKit;

/** The {@code file} source keeps the source contract (every rule of the suite). */
class FileSourceContractTest extends SourceContractSuite {
  @Override
  protected SourceKit kit() {
    return new FileSourceKit();
  }
}
