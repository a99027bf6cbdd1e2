package io.millrace.sink.file;

import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * Hadoop's raw local file system without its {@code chmod} after each create. Without Hadoop's
 * native library, {@link RawLocalFileSystem} sets a new file's permission by running the
 * {@code chmod} program, a process per data file and per manifest; the file already has what
 * that would set (the default, 0666 under the process's umask), as {@code FileOutputStream}
 * creates it.
 */
public final class LocalFiles extends RawLocalFileSystem {

  /** Public and argument-free: Hadoop creates it by name from {@code fs.file.impl}. */
  public LocalFiles() {}

  @Override
  public void setPermission(Path p, FsPermission permission) {}
}
