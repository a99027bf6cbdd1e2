package io.millrace.storage.hadoop;

import io.millrace.spi.Options;
import io.millrace.spi.Spi;
import io.millrace.spi.storage.Storage;
import io.millrace.spi.storage.StorageProvider;
import java.io.IOException;
import java.net.URI;
import java.util.Set;

/**
 * Serves {@code hdfs:}, {@code s3a:}, {@code abfs:}, {@code gs:} and the other Hadoop schemes
 * (not {@code file:}, which the built-in local storage serves) with {@link HadoopStorage}.
 * Every session option {@code millrace.hadoop.<key>} is passed to Hadoop as {@code <key>}, for
 * example {@code millrace.hadoop.fs.s3a.endpoint}. The {@code hdfs:}, {@code webhdfs:},
 * {@code viewfs:} and {@code s3a:} clients ship with the plugin; the others need their
 * connector jar next to it.
 */
public final class HadoopStorageProvider implements StorageProvider {

  public HadoopStorageProvider() {}

  @Override
  public String name() {
    return "hadoop";
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  @Override
  public String description() {
    return "Hadoop FileSystem storage for hdfs:, s3a:, abfs:, gs: and friends (millrace.hadoop.* options)";
  }

  @Override
  public Set<String> schemes() {
    return StoreKind.SCHEMES;
  }

  @Override
  public Storage open(URI uri, Options options) throws IOException {
    return HadoopStorage.open(uri, HadoopConfigurations.from(options));
  }
}
