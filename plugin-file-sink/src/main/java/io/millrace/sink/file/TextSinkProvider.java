package io.millrace.sink.file;

/** Provides the {@code text} file sink; see {@link FileSinkProvider} for its options. */
public final class TextSinkProvider extends FileSinkProvider {

  /** Public and argument-free for {@link java.util.ServiceLoader}; does no work. */
  public TextSinkProvider() {
    super(new TextFormat());
  }
}
