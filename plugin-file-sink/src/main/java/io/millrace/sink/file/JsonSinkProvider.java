package io.millrace.sink.file;

/** Provides the {@code json} file sink; see {@link FileSinkProvider} for its options. */
public final class JsonSinkProvider extends FileSinkProvider {

  /** Public and argument-free for {@link java.util.ServiceLoader}; does no work. */
  public JsonSinkProvider() {
    super(new JsonFormat());
  }
}
