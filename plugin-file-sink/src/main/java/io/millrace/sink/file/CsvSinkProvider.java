package io.millrace.sink.file;

/** Provides the {@code csv} file sink; see {@link FileSinkProvider} for its options. */
public final class CsvSinkProvider extends FileSinkProvider {

  /** Public and argument-free for {@link java.util.ServiceLoader}; does no work. */
  public CsvSinkProvider() {
    super(new CsvFormat());
  }
}
