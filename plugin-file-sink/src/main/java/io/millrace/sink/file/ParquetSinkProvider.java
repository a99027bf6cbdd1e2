package io.millrace.sink.file;

/** Provides the {@code parquet} file sink; see {@link FileSinkProvider} for its options. */
public final class ParquetSinkProvider extends FileSinkProvider {

  /** Public and argument-free for {@link java.util.ServiceLoader}; does no work. */
  public ParquetSinkProvider() {
    super(new ParquetFormat());
  }
}
