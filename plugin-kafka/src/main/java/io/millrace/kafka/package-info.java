/**
 * The {@code kafka} source and sink: a replayable source whose offsets live in the checkpoint,
 * and a sink that writes each batch in one Kafka transaction.
 */
package io.millrace.kafka;
