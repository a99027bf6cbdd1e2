/**
 * The local file system as Millrace {@link io.millrace.spi.storage.Storage} for {@code file:}
 * URIs: atomic create-if-absent through hard links, listings that hide unfinished writes,
 * and exclusive locks that the operating system releases when a process dies.
 */
package io.millrace.plugins.storage;
