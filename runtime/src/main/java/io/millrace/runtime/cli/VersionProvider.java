package io.millrace.runtime.cli;

import io.millrace.spi.Spi;
import picocli.CommandLine;

/** {@code millrace --version}: the runtime's version and its SPI version. */
final class VersionProvider implements CommandLine.IVersionProvider {
  @Override
  public String[] getVersion() {
    String v = Main.class.getPackage().getImplementationVersion();
    return new String[] {"millrace " + (v == null ? "(development build)" : v) + ", SPI " + Spi.VERSION};
  }
}
