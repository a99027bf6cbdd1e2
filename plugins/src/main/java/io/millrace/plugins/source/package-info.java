/**
 * The built-in sources: {@code memory}, which reads a {@link io.millrace.plugins.source.MemoryStream}
 * that a test or an application fills, and {@code rate}, which makes {@code rowsPerSecond}
 * rows a second. Both count rows: an offset is the number of rows before it, written as a
 * plain JSON number such as {@code 7}, so a batch reads rows {@code start .. end-1} (0-based).
 */
package io.millrace.plugins.source;
