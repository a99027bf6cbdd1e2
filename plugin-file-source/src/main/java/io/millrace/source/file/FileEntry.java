package io.millrace.source.file;

import java.net.URI;

/**
 * One input file as the source log records it.
 *
 * @param path absolute URI of the file
 * @param size its length in bytes when it was taken
 * @param modificationTimeMillis its modification time when it was taken
 * @param logOffset the log entry (batch of the source) that took it
 */
record FileEntry(URI path, long size, long modificationTimeMillis, long logOffset) {}
