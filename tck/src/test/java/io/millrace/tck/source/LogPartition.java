package io.millrace.tck.source;

import io.millrace.spi.source.InputPartition;

/** Rows {@code from .. until-1} of the reference log {@code log}. */
record LogPartition(String log, long from, long until) implements InputPartition {}
