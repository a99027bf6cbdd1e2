/**
 * A replayable source (name {@code file}) that reads JSON lines, CSV and text files landing in a
 * directory on any {@link io.millrace.spi.storage.Storage}, with its own file log under
 * {@code sources/<i>/}. Entry point: {@link io.millrace.source.file.FileSourceProvider}.
 */
package io.millrace.source.file;
