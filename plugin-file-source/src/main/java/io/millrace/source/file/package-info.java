/**
 * A replayable source (name file) that reads JSON lines, CSV and text files landing in a directory on any Storage, with a per-source file log under sources/i. Built by issue 7.
 *
 * <p>This module holds only its build file until its issue lands; it deliberately has no
 * placeholder classes.
 */
package io.millrace.source.file;
