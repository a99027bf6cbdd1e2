/**
 * Millrace's built-in plugins: the {@code memory} and {@code rate} sources, the {@code memory}
 * and {@code console} sinks, the {@code default}, {@code processingTime}, {@code once} and
 * {@code availableNow} trigger policies, and the local {@code file:} storage.
 *
 * <p>This module depends on the JDK and {@code io.millrace.spi} only, like any third-party
 * plugin, and registers every provider in {@code META-INF/services}.
 */
package io.millrace.plugins;
