package io.millrace.sink.file;

import io.millrace.spi.sink.WriterCommitMessage;
import java.util.ArrayList;

/** One task's commit message: its staging directory (relative to the output path) and the files in it. */
record TaskFiles(int partition, String stagingDir, ArrayList<StagedFile> files) implements WriterCommitMessage {
  private static final long serialVersionUID = 1L;
}
