/**
 * The built-in sinks: {@code memory}, which collects every batch into a
 * {@link io.millrace.plugins.sink.MemorySinkTable} that tests read, and {@code console},
 * which prints each batch the way Spark's {@code show()} does.
 */
package io.millrace.plugins.sink;
