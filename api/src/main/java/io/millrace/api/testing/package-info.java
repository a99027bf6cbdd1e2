/**
 * Testing support for queries, as Spark's {@code MemoryStream} and {@code StreamTest}:
 * {@link io.millrace.api.testing.MemoryStream}, the input a test fills (read by the
 * {@code memory} source, registered here), and {@link io.millrace.api.testing.StreamTest}, which
 * drives a query through {@link io.millrace.api.testing.StreamAction steps} such as
 * {@code addData}, {@code checkAnswer}, {@code stopStream}, {@code startStream} and
 * {@code advanceManualClock}. The engine's own tests use it too.
 */
package io.millrace.api.testing;
