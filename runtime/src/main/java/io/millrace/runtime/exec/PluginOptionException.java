package io.millrace.runtime.exec;

import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.PluginKind;
import java.util.OptionalInt;
import java.util.function.Supplier;

/**
 * An option a plugin refused, tagged with the kind of plugin it was given to, so that a job
 * file can point at the section the option came from rather than at any section that has an
 * option of that name. Message and option are the plugin's own.
 */
public final class PluginOptionException extends InvalidOptionException {
  private static final long serialVersionUID = 1L;

  private final PluginKind kind;
  /** The query's source that refused the option, by its index; -1 for a sink or trigger. */
  private final int sourceIndex;
  /** Whether a static table's source refused it: a source plugin that is not one of the query's sources. */
  private final boolean staticTable;

  private PluginOptionException(PluginKind kind, int sourceIndex, boolean staticTable,
      InvalidOptionException refused) {
    super(refused.option(), refused.getMessage(), refused);
    this.kind = kind;
    this.sourceIndex = sourceIndex;
    this.staticTable = staticTable;
  }

  /** Runs the {@code create(..)} of a static table's source plugin, tagging the options it refuses as the table's. */
  static <T> T creatingStaticTable(Supplier<T> create) {
    try {
      return create.get();
    } catch (PluginOptionException e) {
      throw e;
    } catch (InvalidOptionException e) {
      throw new PluginOptionException(PluginKind.SOURCE, -1, true, e);
    }
  }

  /** Runs a plugin's {@code create(..)}, tagging the options it refuses with {@code kind}. */
  static <T> T creating(PluginKind kind, Supplier<T> create) {
    return creating(kind, -1, create);
  }

  /**
   * Runs the {@code create(..)} of the query's source {@code index} (its line in
   * {@code offsets/N}), tagging the options it refuses with the index, so that a job file with
   * several sources can tell whose option it was.
   */
  static <T> T creatingSource(int index, Supplier<T> create) {
    return creating(PluginKind.SOURCE, index, create);
  }

  private static <T> T creating(PluginKind kind, int sourceIndex, Supplier<T> create) {
    try {
      return create.get();
    } catch (PluginOptionException e) {
      throw e;
    } catch (InvalidOptionException e) {
      throw new PluginOptionException(kind, sourceIndex, false, e);
    }
  }

  /** The kind of plugin whose options these were. */
  public PluginKind kind() {
    return kind;
  }

  /** Whether these were the options of a static table ({@code read()}), not of one of the query's sources. */
  public boolean staticTable() {
    return staticTable;
  }

  /** The index of the query's source whose options these were; empty for other plugins. */
  public OptionalInt sourceIndex() {
    return sourceIndex < 0 ? OptionalInt.empty() : OptionalInt.of(sourceIndex);
  }
}
