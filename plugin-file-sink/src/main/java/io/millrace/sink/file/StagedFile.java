package io.millrace.sink.file;

import java.io.Serializable;

/**
 * A data file a task wrote: {@code path} is where it is published, {@code staged} where it waits
 * until then (both relative to the output path, slash-separated).
 */
record StagedFile(String path, String staged, long size, long rows) implements Serializable {
  private static final long serialVersionUID = 1L;
}
