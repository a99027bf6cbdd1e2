package io.millrace.spi.state;

import io.millrace.spi.MillraceException;
import java.util.List;

/** A version that was never committed or is no longer retained was asked for. */
public class StateVersionNotFoundException extends MillraceException {
  private static final long serialVersionUID = 1L;

  private final long version;
  private final List<String> filesLookedFor;

  public StateVersionNotFoundException(StateStoreId id, long version, List<String> filesLookedFor) {
    super("state version " + version + " of " + id.storePath() + " is not available; looked for " + filesLookedFor);
    this.version = version;
    this.filesLookedFor = List.copyOf(filesLookedFor);
  }

  public long version() {
    return version;
  }

  public List<String> filesLookedFor() {
    return filesLookedFor;
  }
}
