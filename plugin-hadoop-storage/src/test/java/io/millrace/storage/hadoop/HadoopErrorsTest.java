package io.millrace.storage.hadoop;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URI;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import org.apache.hadoop.fs.ParentNotDirectoryException;
import org.apache.hadoop.security.AccessControlException;
import org.junit.jupiter.api.Test;

/** Hadoop's exceptions become the contract's {@code java.nio.file} ones, each naming the URI and the action. */
class HadoopErrorsTest {
  private static final URI FILE = URI.create("hdfs://nn:8020/ckpt/offsets/7");

  @Test
  void aMissingFileIsNoSuchFileNamingTheUri() {
    IOException e = HadoopErrors.translate("read", FILE, new FileNotFoundException("File does not exist: /ckpt/offsets/7"));

    assertThat(e).isInstanceOf(NoSuchFileException.class);
    assertThat(((NoSuchFileException) e).getFile()).isEqualTo(FILE.toString());
    assertThat(e.getMessage()).contains("read failed").contains("File does not exist");
    assertThat(e.getCause()).isInstanceOf(FileNotFoundException.class);
  }

  @Test
  void anExistingTargetIsFileAlreadyExists() {
    IOException e = HadoopErrors.translate("commit", FILE, new org.apache.hadoop.fs.FileAlreadyExistsException("x"));

    assertThat(e).isInstanceOf(FileAlreadyExistsException.class);
    assertThat(((FileAlreadyExistsException) e).getFile()).isEqualTo(FILE.toString());
  }

  @Test
  void aFileInThePathIsNotDirectory() {
    IOException e = HadoopErrors.translate("create", FILE, new ParentNotDirectoryException("/ckpt is a file"));

    assertThat(e).isInstanceOf(NotDirectoryException.class).hasMessageContaining(FILE.toString());
    assertThat(HadoopErrors.notADirectory(FILE, new org.apache.hadoop.fs.FileAlreadyExistsException("/ckpt")))
        .hasMessageContaining(FILE.toString()).hasMessageContaining("a file is in the way");
  }

  @Test
  void aPermissionErrorIsAccessDenied() {
    IOException e = HadoopErrors.translate("list", FILE, new AccessControlException("Permission denied: user=bob"));

    assertThat(e).isInstanceOf(AccessDeniedException.class).hasMessageContaining("Permission denied: user=bob");
  }

  @Test
  void anyOtherFailureSaysWhatWasDoneToWhich() {
    IOException cause = new IOException("Connection refused");
    IOException e = HadoopErrors.translate("list", FILE, cause);

    assertThat(e).hasMessage("list of hdfs://nn:8020/ckpt/offsets/7 failed: Connection refused").hasCause(cause);
  }

  @Test
  void aFailureWithoutMessageIsNamedByItsType() {
    IOException e = HadoopErrors.translate("delete", FILE, new java.io.EOFException());

    assertThat(e).hasMessageContaining("delete of " + FILE + " failed: java.io.EOFException");
  }
}
