package io.millrace.runtime.plugin;

import io.millrace.spi.MillraceException;
import io.millrace.spi.PluginKind;
import java.util.List;

/**
 * Two plugins of one kind claim one name, or two storage plugins serve one URI scheme.
 * Raised at load, with both locations, because picking either one silently would make the
 * outcome depend on the order of the class path or the directory listing.
 */
public class DuplicatePluginException extends MillraceException {
  private static final long serialVersionUID = 1L;

  private final PluginKind kind;
  private final String claimed;
  private final List<String> locations;

  private DuplicatePluginException(String message, PluginKind kind, String claimed, List<String> locations) {
    super(message);
    this.kind = kind;
    this.claimed = claimed;
    this.locations = locations;
  }

  /** {@code first} and {@code second} have the same name, ignoring case. */
  static DuplicatePluginException forName(InstalledPlugin first, InstalledPlugin second) {
    String message = "two " + first.kind().label() + " plugins are named '" + second.name() + "': "
        + first.describe() + " and " + second.describe() + "; remove one of them";
    return new DuplicatePluginException(message, first.kind(), second.name(), locations(first, second));
  }

  /** {@code first} and {@code second} both serve {@code scheme}. */
  static DuplicatePluginException forScheme(String scheme, InstalledPlugin first, InstalledPlugin second) {
    String message = "two storage plugins serve the scheme '" + scheme + "': "
        + first.describe() + " and " + second.describe() + "; remove one of them";
    return new DuplicatePluginException(message, PluginKind.STORAGE, scheme, locations(first, second));
  }

  /** The kind both plugins are. */
  public PluginKind kind() {
    return kind;
  }

  /** The name or scheme both claim. */
  public String claimed() {
    return claimed;
  }

  /** Where the two plugins are, the one found first first. */
  public List<String> locations() {
    return locations;
  }

  private static List<String> locations(InstalledPlugin first, InstalledPlugin second) {
    return List.of(first.location(), second.location());
  }
}
