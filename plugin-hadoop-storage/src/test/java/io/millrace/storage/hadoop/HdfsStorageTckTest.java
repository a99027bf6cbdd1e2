package io.millrace.storage.hadoop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.Options;
import io.millrace.spi.storage.AtomicOutputStream;
import io.millrace.spi.storage.FileInfo;
import io.millrace.spi.storage.Storage;
import io.millrace.tck.storage.StorageContractSuite;
import io.millrace.tck.storage.StorageKit;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NotDirectoryException;
import java.util.Arrays;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Hadoop storage passes the storage TCK on a real, in-process HDFS through {@code hdfs:},
 * including atomic create-if-absent under racing writers, which the NameNode's rename without
 * overwrite provides; plus what the TCK leaves to each storage: capabilities, the URIs it
 * returns, errors, and no temporary files left behind.
 */
class HdfsStorageTckTest extends StorageContractSuite {
  private static MiniHdfs hdfs;

  @BeforeAll
  static void startHdfs() throws Exception {
    hdfs = MiniHdfs.start();
  }

  @AfterAll
  static void stopHdfs() {
    if (hdfs != null) {
      hdfs.close();
    }
  }

  @Override
  protected StorageKit kit() {
    String prefix = hdfs.hdfsUri();
    return StorageKit.of(new HadoopStorageProvider(), MiniHdfs.OPTIONS, () -> MiniHdfs.freshRoot(prefix));
  }

  private static Storage openStorage() throws IOException {
    return new HadoopStorageProvider().open(URI.create(hdfs.hdfsUri() + "/"), Options.of("session", MiniHdfs.OPTIONS));
  }

  @Test
  void promisesAtomicCreateIfAbsentButNoLocks() throws IOException {
    try (Storage storage = openStorage()) {
      assertThat(storage.capabilities().atomicCreateIfAbsent()).isTrue();
      assertThat(storage.capabilities().locks()).isFalse();
    }
  }

  @Test
  void returnedUrisKeepTheSchemeAndAuthorityAsked() throws IOException {
    URI root = MiniHdfs.freshRoot(hdfs.hdfsUri());
    try (Storage storage = openStorage()) {
      storage.createIfAbsent(root.resolve("offsets/0"), "v1".getBytes(StandardCharsets.UTF_8));
      FileInfo listed = storage.list(root.resolve("offsets")).get(0);
      assertThat(listed.path()).isEqualTo(root.resolve("offsets/0"));
      assertThat(storage.status(root.resolve("offsets/0")).orElseThrow().path()).isEqualTo(root.resolve("offsets/0"));
      storage.delete(root);
    }
  }

  @Test
  void aLostCommitAndAnAbandonedWriteLeaveNoTemporaryFile() throws IOException {
    URI root = MiniHdfs.freshRoot(hdfs.hdfsUri());
    URI target = root.resolve("commits/3");
    try (Storage storage = openStorage()) {
      storage.createIfAbsent(target, new byte[] {1});
      try (AtomicOutputStream loser = storage.create(target)) {
        loser.write(2);
        assertThatThrownBy(loser::commit).isInstanceOf(FileAlreadyExistsException.class)
            .hasMessageContaining(target.toString());
      }
      try (AtomicOutputStream abandoned = storage.create(root.resolve("commits/4"))) {
        abandoned.write(3);
      }
      FileStatus[] raw = hdfs.fileSystem().listStatus(new Path(root.resolve("commits")));
      assertThat(Arrays.stream(raw).map(s -> s.getPath().getName())).containsExactly("3");
      assertThat(storage.readAll(target)).containsExactly(1);
      storage.delete(root);
    }
  }

  @Test
  void aFileWhereADirectoryMustBeIsNotADirectory() throws IOException {
    URI root = MiniHdfs.freshRoot(hdfs.hdfsUri());
    URI file = root.resolve("metadata");
    try (Storage storage = openStorage()) {
      storage.createIfAbsent(file, new byte[] {1});
      assertThatThrownBy(() -> storage.list(file)).isInstanceOf(NotDirectoryException.class)
          .hasMessageContaining(file.toString());
      assertThatThrownBy(() -> storage.mkdirs(root.resolve("metadata/sub"))).isInstanceOf(NotDirectoryException.class)
          .hasMessageContaining(root.resolve("metadata/sub").toString());
      assertThatThrownBy(() -> storage.create(root.resolve("metadata/sub/x"))).isInstanceOf(NotDirectoryException.class)
          .hasMessageContaining(root.resolve("metadata/sub/x").toString());
      storage.delete(root);
    }
  }
}
