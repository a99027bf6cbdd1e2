package io.millrace.source.file;

import io.millrace.tck.source.SourceContractSuite;
import io.millrace.tck.source.SourceKit;
import java.util.Map;

/**
 * The {@code file} source keeps the source contract with {@code cleanSource=delete} too, where a
 * commit deletes input files: S11 holds it to deleting only what the committed batches took.
 */
class FileSourceDeletingContractTest extends SourceContractSuite {
  @Override
  protected SourceKit kit() {
    return new FileSourceKit(Map.of("cleanSource", "delete"));
  }
}
