package io.millrace.plugins.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.storage.AtomicOutputStream;
import io.millrace.spi.storage.FileInfo;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalStorageTest {
  @TempDir Path dir;

  private LocalStorage storage() {
    return LocalStorage.forUri(dir.toUri());
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private List<String> rawNames(Path directory) throws IOException {
    try (Stream<Path> children = Files.list(directory)) {
      return children.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void localFileSystemsOfferAtomicCreateIfAbsentAndLocks() {
    assertThat(storage().capabilities().atomicCreateIfAbsent()).isTrue();
    assertThat(storage().capabilities().locks()).isTrue();
  }

  @Test
  void aFileIsInvisibleUntilCommitAndThenWhole() throws Exception {
    LocalStorage storage = storage();
    URI target = dir.resolve("offsets/0").toUri();
    try (AtomicOutputStream out = storage.create(target)) {
      out.write(bytes("first half, "));
      out.flush();
      assertThat(storage.status(target)).isEmpty();
      assertThat(storage.list(dir.resolve("offsets").toUri())).isEmpty();
      assertThatThrownBy(() -> storage.open(target)).isInstanceOf(NoSuchFileException.class);

      out.write(bytes("second half"));
      out.commit();
    }
    assertThat(storage.readAll(target)).isEqualTo(bytes("first half, second half"));
    assertThat(storage.status(target)).hasValueSatisfying(info -> {
      assertThat(info.size()).isEqualTo(23);
      assertThat(info.directory()).isFalse();
    });
    assertThat(rawNames(dir.resolve("offsets"))).containsExactly("0");
  }

  @Test
  void commitNeverReplacesAnExistingFile() throws Exception {
    LocalStorage storage = storage();
    URI target = dir.resolve("commits/0").toUri();
    assertThat(storage.createIfAbsent(target, bytes("first"))).isTrue();

    AtomicOutputStream second = storage.create(target);
    second.write(bytes("second"));
    assertThatThrownBy(second::commit)
        .isInstanceOf(FileAlreadyExistsException.class)
        .hasMessageContaining(dir.resolve("commits/0").toString());
    second.close();

    assertThat(storage.readAll(target)).isEqualTo(bytes("first"));
    assertThat(storage.createIfAbsent(target, bytes("third"))).isFalse();
    assertThat(storage.readAll(target)).isEqualTo(bytes("first"));
    assertThat(rawNames(dir.resolve("commits"))).as("no temporary file is left").containsExactly("0");
  }

  @Test
  void ofWritersRacingForOnePathExactlyOneWins() throws Exception {
    LocalStorage storage = storage();
    int writers = 8;
    for (int round = 0; round < 25; round++) {
      URI target = dir.resolve("race/" + round).toUri();
      List<Thread> threads = new ArrayList<>();
      Map<Integer, Object> outcomes = new ConcurrentHashMap<>();
      CyclicBarrier start = new CyclicBarrier(writers);
      for (int w = 0; w < writers; w++) {
        int writer = w;
        Thread t = new Thread(() -> {
          try (AtomicOutputStream out = storage.create(target)) {
            out.write(bytes("writer " + writer));
            start.await();
            out.commit();
            outcomes.put(writer, "won");
          } catch (Exception e) {
            outcomes.put(writer, e);
          }
        });
        threads.add(t);
        t.start();
      }
      for (Thread t : threads) {
        t.join();
      }
      List<Integer> winners = outcomes.entrySet().stream().filter(e -> "won".equals(e.getValue())).map(Map.Entry::getKey).toList();
      assertThat(winners).as("winners of round " + round).hasSize(1);
      assertThat(outcomes.values()).filteredOn(o -> !"won".equals(o)).allSatisfy(o -> assertThat(o).isInstanceOf(FileAlreadyExistsException.class));
      assertThat(storage.readAll(target)).isEqualTo(bytes("writer " + winners.get(0)));
    }
    assertThat(rawNames(dir.resolve("race"))).as("no temporary file is left").hasSize(25).noneMatch(LocalPaths::isTempName);
  }

  @Test
  void closingWithoutCommitLeavesNothing() throws Exception {
    LocalStorage storage = storage();
    URI target = dir.resolve("state/1.delta").toUri();
    assertThatThrownBy(() -> {
      try (AtomicOutputStream out = storage.create(target)) {
        out.write(bytes("half a file"));
        throw new IllegalStateException("the task failed");
      }
    }).hasMessage("the task failed");

    assertThat(storage.status(target)).isEmpty();
    assertThat(rawNames(dir.resolve("state"))).isEmpty();
  }

  @Test
  void abortIsIdempotentAndEndsTheWrite() throws Exception {
    AtomicOutputStream out = storage().create(dir.resolve("x").toUri());
    out.abort();
    out.abort();
    out.close();
    assertThatThrownBy(() -> out.write(1)).isInstanceOf(IOException.class).hasMessageContaining("abandoned");
    assertThatThrownBy(out::commit).isInstanceOf(IOException.class);
    assertThat(rawNames(dir)).isEmpty();
  }

  @Test
  void aCommittedStreamCannotBeWrittenOrCommittedAgain() throws Exception {
    AtomicOutputStream out = storage().create(dir.resolve("x").toUri());
    out.write(1);
    out.commit();
    out.close();
    assertThatThrownBy(() -> out.write(2)).isInstanceOf(IOException.class).hasMessageContaining("committed");
    assertThatThrownBy(out::commit).isInstanceOf(IOException.class);
    assertThat(Files.readAllBytes(dir.resolve("x"))).containsExactly(1);
  }

  @Test
  void listShowsDirectChildrenWithSizesButNoUnfinishedWrites() throws Exception {
    LocalStorage storage = storage();
    storage.createIfAbsent(dir.resolve("a").toUri(), bytes("abc"));
    storage.createIfAbsent(dir.resolve("sub/b").toUri(), bytes("hello"));
    Files.write(dir.resolve(".left.behind.tmp"), bytes("crashed writer"));
    try (AtomicOutputStream pending = storage.create(dir.resolve("pending").toUri())) {
      pending.write(bytes("not yet"));

      Map<String, FileInfo> listed = storage.list(dir.toUri()).stream().collect(Collectors.toMap(FileInfo::name, Function.identity()));

      assertThat(listed.keySet()).containsExactlyInAnyOrder("a", "sub");
      assertThat(listed.get("a").size()).isEqualTo(3);
      assertThat(listed.get("a").directory()).isFalse();
      assertThat(listed.get("a").path()).isEqualTo(URI.create("file:" + dir.resolve("a")));
      assertThat(listed.get("a").modificationTimeMillis()).isEqualTo(Files.getLastModifiedTime(dir.resolve("a")).toMillis());
      assertThat(listed.get("sub").directory()).isTrue();
      assertThat(listed.get("sub").size()).isZero();
    }
  }

  @Test
  void listingAMissingDirectoryIsEmpty() throws Exception {
    assertThat(storage().list(dir.resolve("nothing/here").toUri())).isEmpty();
  }

  @Test
  void deleteRemovesAFileOrADirectoryWithEverythingUnderIt() throws Exception {
    LocalStorage storage = storage();
    storage.createIfAbsent(dir.resolve("tree/a/b/c").toUri(), bytes("1"));
    storage.createIfAbsent(dir.resolve("tree/a/d").toUri(), bytes("2"));
    storage.createIfAbsent(dir.resolve("single").toUri(), bytes("3"));

    assertThat(storage.delete(dir.resolve("tree").toUri())).isTrue();
    assertThat(storage.delete(dir.resolve("single").toUri())).isTrue();

    assertThat(rawNames(dir)).isEmpty();
    assertThat(storage.delete(dir.resolve("tree").toUri())).isFalse();
  }

  @Test
  void mkdirsCreatesParentsAndStatusSeesADirectory() throws Exception {
    LocalStorage storage = storage();
    URI deep = dir.resolve("x/y/z").toUri();
    storage.mkdirs(deep);
    storage.mkdirs(deep);
    assertThat(storage.status(deep)).hasValueSatisfying(info -> assertThat(info.directory()).isTrue());
  }

  @Test
  void bothSpellingsOfFileUrisAreAccepted() throws Exception {
    LocalStorage storage = storage();
    String path = dir.resolve("spelled").toString();
    storage.createIfAbsent(URI.create("file://" + path), bytes("x"));
    assertThat(storage.readAll(URI.create("file:" + path))).isEqualTo(bytes("x"));
  }

  @Test
  void urisItCannotServeAreRefusedByName() {
    assertThatThrownBy(() -> storage().create(URI.create("hdfs://nn/x")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("hdfs://nn/x");
    assertThatThrownBy(() -> storage().status(URI.create("file://otherhost/x")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("file://otherhost/x");
  }

  @Test
  void aFileInThePlaceOfTheParentDirectoryIsNotMistakenForAnExistingTarget() throws Exception {
    LocalStorage storage = storage();
    storage.createIfAbsent(dir.resolve("plain").toUri(), bytes("x"));
    assertThatThrownBy(() -> storage.createIfAbsent(dir.resolve("plain/child").toUri(), bytes("y")))
        .isInstanceOf(NotDirectoryException.class);
  }

  @Test
  void withoutHardLinksCommitStillRefusesAnExistingFileButClaimsNoAtomicity() throws Exception {
    LocalStorage storage = new LocalStorage(false);
    URI target = dir.resolve("moved").toUri();
    assertThat(storage.capabilities().atomicCreateIfAbsent()).isFalse();
    assertThat(storage.createIfAbsent(target, bytes("first"))).isTrue();
    assertThat(storage.createIfAbsent(target, bytes("second"))).isFalse();
    assertThat(storage.readAll(target)).isEqualTo(bytes("first"));
    assertThat(rawNames(dir)).containsExactly("moved");
  }

  @Test
  void abandonedWritesLeftByADeadProcessAreDeletedAndNothingElse() throws Exception {
    LocalStorage storage = storage();
    Path logs = dir.resolve("offsets");
    assertThat(storage.createIfAbsent(logs.resolve("7").toUri(), bytes("kept"))).isTrue();
    java.nio.file.Files.write(logs.resolve(".8.0f2a.tmp"), bytes("half a write"));
    java.nio.file.Files.write(logs.resolve(".hidden-but-not-a-write"), bytes("kept too"));

    assertThat(storage.deleteAbandonedWrites(logs.toUri())).isEqualTo(1);
    assertThat(rawNames(logs)).containsExactlyInAnyOrder("7", ".hidden-but-not-a-write");
    assertThat(storage.deleteAbandonedWrites(dir.resolve("missing").toUri())).isZero();
  }
}
