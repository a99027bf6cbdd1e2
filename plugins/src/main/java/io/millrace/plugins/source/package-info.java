/**
 * The built-in {@code rate} source, which makes {@code rowsPerSecond} rows a second. Its offset
 * counts rows: the number of rows before it, written as a plain JSON number such as {@code 7},
 * so a batch reads rows {@code start .. end-1} (0-based). The {@code memory} source is part of
 * the API's testing support ({@code io.millrace.api.testing.MemoryStream}), in the runtime.
 */
package io.millrace.plugins.source;
