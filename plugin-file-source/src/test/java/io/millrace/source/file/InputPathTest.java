package io.millrace.source.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.data.Row;
import io.millrace.spi.source.Source;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What option {@code path} names (issue 14, item 7): a directory that must exist at start, unless
 * {@code createIfMissing} creates it; a relative path resolved against the working directory and
 * named resolved in errors; a glob that may match nothing yet.
 *
 * <p>Spark 4.0.1 for comparison: {@code spark.readStream().schema("id BIGINT, s STRING")
 * .json("/tmp/fs-facts/missing-dir")} throws at {@code json(..)} {@code AnalysisException:
 * [PATH_NOT_FOUND] Path does not exist: /tmp/fs-facts/missing-dir}; for the relative
 * {@code json("rel-missing-dir")} the message names {@code rel-missing-dir} as given; the globs
 * {@code /tmp/fs-facts/nothing-*} and {@code /tmp/fs-facts/nothing-*}{@code /x} load and start,
 * and the query reads nothing.
 */
class InputPathTest {
  private static final String SCHEMA = JsonLinesDir.SCHEMA;

  @TempDir Path input;
  @TempDir Path metadata;

  @Test
  void aMissingDirectoryFailsAtCreateNamingItAndTheOption() {
    Path missing = input.resolve("events");
    assertThatThrownBy(() -> TestSources.open(missing, metadata, SCHEMA))
        .isInstanceOf(InvalidOptionException.class)
        .hasMessageContaining("the directory file:" + missing + "/ does not exist")
        .hasMessageContaining("'createIfMissing'");
  }

  @Test
  void aRelativePathIsResolvedAgainstTheWorkingDirectoryAndNamedResolved() throws Exception {
    String name = "no-such-input-" + UUID.randomUUID();
    Path resolved = Path.of(System.getProperty("user.dir")).resolve(name);
    assertThatThrownBy(() -> TestSources.open(Path.of(name), metadata, SCHEMA))
        .isInstanceOf(InvalidOptionException.class)
        .hasMessageContaining("the directory file:" + resolved + "/ does not exist")
        .hasMessageContaining("the relative path '" + name + "'")
        .hasMessageContaining("working directory " + System.getProperty("user.dir"));

    Path relative = Path.of("target", "relative-input-" + UUID.randomUUID());
    Files.createDirectories(relative);
    try {
      List<Row> rows = new JsonLinesDir(relative.toAbsolutePath()).appendFile(2);
      Source source = TestSources.open(relative, metadata, SCHEMA);
      assertThat(TestSources.next(source, source.initialOffset()).rows()).isEqualTo(rows);
    } finally {
      try (var files = Files.list(relative)) {
        for (Path file : files.toList()) {
          Files.delete(file);
        }
      }
      Files.delete(relative);
    }
  }

  @Test
  void createIfMissingCreatesTheDirectoryAndReadsWhatArrives() throws Exception {
    Path later = input.resolve("later/events");
    Source source = TestSources.open(later, metadata, SCHEMA, "createIfMissing", "true");
    assertThat(later).isDirectory();
    assertThat(TestSources.next(source, source.initialOffset()).end()).isEqualTo(source.initialOffset());
    List<Row> rows = new JsonLinesDir(later).appendFile(3);
    assertThat(TestSources.next(source, source.initialOffset()).rows()).isEqualTo(rows);
  }

  @Test
  void aPathThatIsAFileIsRefused() throws Exception {
    Path file = new JsonLinesDir(input).writeFile("a.json", JsonLinesDir.line(1) + "\n");
    assertThatThrownBy(() -> TestSources.open(file, metadata, SCHEMA))
        .isInstanceOf(InvalidOptionException.class).hasMessageContaining("which is a file, not a directory");
  }

  @Test
  void aGlobMayMatchNothingYetAndReadsWhatItMatchesLater() throws Exception {
    Source source = TestSources.open(input.resolve("2026-*"), metadata, SCHEMA);
    assertThat(TestSources.next(source, source.initialOffset()).end()).isEqualTo(source.initialOffset());

    List<Row> expected = new ArrayList<>();
    expected.addAll(new JsonLinesDir(Files.createDirectory(input.resolve("2026-01"))).appendFile(2));
    new JsonLinesDir(Files.createDirectory(input.resolve("2025-12"))).appendFile(1); // not matched
    new JsonLinesDir(Files.createDirectory(input.resolve("_2026-tmp"))).appendFile(1); // hidden
    Files.createDirectories(input.resolve("2026-02/sub")); // a directory two levels down is not read
    Files.writeString(input.resolve("2026-02/sub/deep.json"), JsonLinesDir.line(99) + "\n");
    Files.writeString(input.resolve("2026-03.json"), JsonLinesDir.line(3) + "\n"); // a matching file is read
    expected.add(JsonLinesDir.row(3));

    assertThat(TestSources.next(source, source.initialOffset()).rows()).containsExactlyInAnyOrderElementsOf(expected);
  }

  @Test
  void aGlobInTheMiddleAndOneOverFileNames() throws Exception {
    List<Row> expected = new ArrayList<>(new JsonLinesDir(Files.createDirectories(input.resolve("a1/events"))).appendFile(1));
    Files.createDirectories(input.resolve("a2/other"));
    Files.writeString(input.resolve("a2/other/x.json"), JsonLinesDir.line(50) + "\n");
    Source middle = TestSources.open(input.resolve("a?/events"), metadata, SCHEMA);
    assertThat(TestSources.next(middle, middle.initialOffset()).rows()).isEqualTo(expected);

    Files.writeString(input.resolve("a1/events/notes.txt"), "not json\n");
    Source names = TestSources.open(input.resolve("a1/events/*.json"), metadata.resolve("names"), SCHEMA);
    assertThat(TestSources.next(names, names.initialOffset()).rows()).isEqualTo(expected);
  }

  @Test
  void createIfMissingIsRefusedForAGlob() {
    assertThatThrownBy(() -> TestSources.open(input.resolve("2026-*"), metadata, SCHEMA, "createIfMissing", "true"))
        .isInstanceOf(InvalidOptionException.class).hasMessageContaining("createIfMissing").hasMessageContaining("glob");
  }
}
