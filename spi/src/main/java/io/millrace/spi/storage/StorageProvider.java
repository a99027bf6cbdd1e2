package io.millrace.spi.storage;

import io.millrace.spi.Options;
import io.millrace.spi.Plugin;
import io.millrace.spi.PluginKind;
import java.io.IOException;
import java.net.URI;
import java.util.Set;

/**
 * Makes {@link Storage} for the URI schemes it serves ({@code file}, {@code hdfs}, {@code s3a}
 * …). The runtime picks the provider by a URI's scheme; two providers serving one scheme are
 * refused at load. Found through {@code META-INF/services/io.millrace.spi.storage.StorageProvider}.
 */
public interface StorageProvider extends Plugin {

  @Override
  default PluginKind kind() {
    return PluginKind.STORAGE;
  }

  /** The lower-case URI schemes this provider serves. */
  Set<String> schemes();

  /**
   * Opens storage for the file system that {@code uri} names (its scheme and authority). The
   * runtime caches the result per scheme and authority and closes it when the session ends.
   *
   * @param options the session's settings; a provider reads its own keys (for example
   *     {@code millrace.hadoop.*})
   */
  Storage open(URI uri, Options options) throws IOException;
}
