/**
 * An exactly-once sink (name delta) that writes each batch to a Delta Lake table through Delta Kernel, idempotent by the Delta transaction identifier. Built by issue 7.
 *
 * <p>This module holds only its build file until its issue lands; it deliberately has no
 * placeholder classes.
 */
package io.millrace.sink.delta;
