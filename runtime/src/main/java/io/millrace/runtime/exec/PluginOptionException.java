package io.millrace.runtime.exec;

import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.PluginKind;
import java.util.function.Supplier;

/**
 * An option a plugin refused, tagged with the kind of plugin it was given to, so that a job
 * file can point at the section the option came from rather than at any section that has an
 * option of that name. Message and option are the plugin's own.
 */
public final class PluginOptionException extends InvalidOptionException {
  private static final long serialVersionUID = 1L;

  private final PluginKind kind;

  private PluginOptionException(PluginKind kind, InvalidOptionException refused) {
    super(refused.option(), refused.getMessage(), refused);
    this.kind = kind;
  }

  /** Runs a plugin's {@code create(..)}, tagging the options it refuses with {@code kind}. */
  static <T> T creating(PluginKind kind, Supplier<T> create) {
    try {
      return create.get();
    } catch (PluginOptionException e) {
      throw e;
    } catch (InvalidOptionException e) {
      throw new PluginOptionException(kind, e);
    }
  }

  /** The kind of plugin whose options these were. */
  public PluginKind kind() {
    return kind;
  }
}
