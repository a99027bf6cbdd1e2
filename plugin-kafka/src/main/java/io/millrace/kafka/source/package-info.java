/**
 * The {@code kafka} source: topics read in ranges of offsets that the checkpoint holds as
 * Spark's offsets JSON, so any run replays a batch exactly. Entry point:
 * {@link io.millrace.kafka.source.KafkaSourceProvider}; options in
 * {@link io.millrace.kafka.source.KafkaSourceOptions}.
 */
package io.millrace.kafka.source;
