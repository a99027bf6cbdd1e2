package io.millrace.storage.hadoop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.Options;
import io.millrace.spi.storage.AtomicOutputStream;
import io.millrace.spi.storage.Storage;
import io.millrace.tck.storage.StorageContractSuite;
import io.millrace.tck.storage.StorageKit;
import java.io.IOException;
import java.net.URI;
import java.nio.file.FileAlreadyExistsException;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Hadoop storage passes the storage TCK through {@code s3a:} against an in-process
 * S3-compatible server. The racing-writers rule is skipped: an object store's create-if-absent
 * is not promised atomic, and the capabilities say so. Plus how a commit that finds an object
 * already there is refused, with S3A's conditional put and without it.
 */
class S3aStorageTckTest extends StorageContractSuite {
  private static S3Proxy s3;

  @BeforeAll
  static void startS3() throws Exception {
    s3 = S3Proxy.start();
  }

  @AfterAll
  static void stopS3() throws Exception {
    if (s3 != null) {
      s3.stop();
    }
  }

  @Override
  protected StorageKit kit() {
    return StorageKit.of(new HadoopStorageProvider(), s3.options(), S3Proxy::freshRoot);
  }

  private static Storage openStorage(boolean conditionalPut) throws IOException {
    Map<String, String> options = new HashMap<>(s3.options());
    options.put("millrace.hadoop.fs.s3a.create.conditional.enabled", String.valueOf(conditionalPut));
    return new HadoopStorageProvider().open(URI.create("s3a://" + S3Proxy.BUCKET + "/"), Options.of("session", options));
  }

  @Test
  void theConditionalPutIsRefusedByTheStoreWhenTheObjectExists() throws IOException {
    URI target = S3Proxy.freshRoot().resolve("offsets/0");
    try (Storage storage = openStorage(true)) {
      assertThat(storage.createIfAbsent(target, new byte[] {1})).isTrue();
      try (AtomicOutputStream second = storage.create(target)) {
        second.write(2);
        // The cause is S3A's translation of the store's HTTP 412 to the If-None-Match: * PUT:
        // the refusal came from the store at the moment of the PUT, not from an earlier check.
        assertThatThrownBy(second::commit).isInstanceOf(FileAlreadyExistsException.class)
            .hasMessageContaining(target.toString())
            .cause().hasMessageContaining("412");
      }
      assertThat(storage.readAll(target)).containsExactly(1);
    }
  }

  @Test
  void withoutTheConditionalPutS3aChecksBeforeThePut() throws IOException {
    URI target = S3Proxy.freshRoot().resolve("offsets/0");
    try (Storage storage = openStorage(false)) {
      assertThat(storage.createIfAbsent(target, new byte[] {1})).isTrue();
      try (AtomicOutputStream second = storage.create(target)) {
        second.write(2);
        assertThatThrownBy(second::commit).isInstanceOf(FileAlreadyExistsException.class)
            .cause().isInstanceOf(org.apache.hadoop.fs.FileAlreadyExistsException.class);
      }
      assertThat(storage.readAll(target)).containsExactly(1);
    }
  }

  @Test
  void aWriterThatStartedBeforeTheObjectAppearedLoses() throws IOException {
    URI target = S3Proxy.freshRoot().resolve("commits/5");
    try (Storage storage = openStorage(true); AtomicOutputStream early = storage.create(target)) {
      early.write(1);
      assertThat(storage.createIfAbsent(target, new byte[] {2})).isTrue();
      assertThatThrownBy(early::commit).isInstanceOf(FileAlreadyExistsException.class);
      assertThat(storage.readAll(target)).containsExactly(2);
    }
  }

  @Test
  void anObjectLargerThanTheMemoryBufferIsWrittenWhole() throws IOException {
    URI target = S3Proxy.freshRoot().resolve("state/0/0/12.snapshot");
    byte[] content = new byte[10 * 1024 * 1024 + 17];
    new Random(7).nextBytes(content);
    try (Storage storage = openStorage(true)) {
      try (AtomicOutputStream out = storage.create(target)) {
        out.write(content);
        assertThat(storage.status(target)).isEmpty();
        out.commit();
      }
      assertThat(storage.readAll(target)).isEqualTo(content);
      assertThat(storage.status(target).orElseThrow().size()).isEqualTo(content.length);
    }
  }
}
