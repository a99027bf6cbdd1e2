/**
 * The {@code foreach} sink: user code ({@link io.millrace.api.ForeachWriter}) that writes each
 * task's rows, at-least-once, from the Java API's {@code foreach(writer)} or a job file's
 * {@code writer} class.
 */
package io.millrace.runtime.foreach;
