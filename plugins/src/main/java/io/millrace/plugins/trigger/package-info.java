/**
 * The standard trigger policies: {@code default}, {@code processingTime}, {@code once} and
 * {@code availableNow}. Each is a pure function of the
 * {@link io.millrace.spi.trigger.TriggerState} it is given: none reads a clock or sleeps.
 */
package io.millrace.plugins.trigger;
