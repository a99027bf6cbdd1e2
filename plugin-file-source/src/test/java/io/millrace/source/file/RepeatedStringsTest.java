package io.millrace.source.file;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.spi.data.Schema;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RepeatedStringsTest {
  private final RepeatedStrings strings = new RepeatedStrings();

  private String of(String text) {
    char[] padded = ("..." + text + "..").toCharArray();
    return strings.of(padded, 3, text.length());
  }

  @Test
  void repeatedShortTextIsOneInstance() {
    String first = of("k05888");
    assertThat(of("k05888")).isEqualTo("k05888").isSameAs(first);
    assertThat(of("")).isEmpty();
  }

  @Test
  void textSharingAHashIsNeverTakenForAnother() {
    // "Aa" and "BB" have one String hash, so they meet in one slot.
    assertThat("Aa".hashCode()).isEqualTo("BB".hashCode());
    assertThat(of("Aa")).isEqualTo("Aa");
    assertThat(of("BB")).isEqualTo("BB");
    assertThat(of("Aa")).isEqualTo("Aa");
    // Same hash and length, other text: the comparison of the characters decides.
    assertThat(of("AaBB")).isEqualTo("AaBB");
    assertThat(of("BBAa")).isEqualTo("BBAa");
  }

  @Test
  void longTextIsANewStringEachTime() {
    String text = "x".repeat(RepeatedStrings.MAX_LENGTH + 1);
    String first = of(text);
    assertThat(of(text)).isEqualTo(text).isNotSameAs(first);
  }

  @Test
  void nonAsciiTextReadsBack() {
    assertThat(of("zürich-東京")).isEqualTo("zürich-東京");
    assertThat(of("zürich-東京")).isEqualTo("zürich-東京");
  }

  @Test
  void aColumnOfTenThousandKeysIsFoundAgain() {
    // Keys like the sessions benchmark's: their String hashes differ in the low digits only. One
    // slot per hash, unspread, kept 76 % of them; the spread two-way table keeps over 98 %.
    String[] first = new String[10_000];
    for (int i = 0; i < first.length; i++) {
      first[i] = of(String.format("k%05d", i));
    }
    int found = 0;
    for (int i = 0; i < first.length; i++) {
      String again = of(String.format("k%05d", i));
      assertThat(again).isEqualTo(first[i]);
      found += again == first[i] ? 1 : 0;
    }
    assertThat(found).isGreaterThan(9_700);
  }

  @Test
  void aBucketKeepsTheTwoTextsFoundLast() {
    // These three share a bucket (worked out from the hash and the table's size).
    String a = of("k00089");
    String b = of("k02280");
    assertThat(of("k00089")).isSameAs(a);
    assertThat(of("k02280")).isSameAs(b);
    String c = of("k05324");
    assertThat(of("k02280")).as("found second last").isSameAs(b);
    assertThat(of("k05324")).isSameAs(c);
    assertThat(of("k00089")).as("the least recent left").isEqualTo("k00089").isNotSameAs(a);
  }

  @Test
  void aReaderFindsTheKeysOfTheFileReadBeforeItsOwn() throws Exception {
    RepeatedStrings.Pool tables = new RepeatedStrings.Pool();
    JsonRecordParser firstFile = keyParser(tables);
    Object key = parse(firstFile, "{\"key\": \"k05888\"}")[0];
    JsonRecordParser meanwhile = keyParser(tables);
    assertThat(parse(meanwhile, "{\"key\": \"k05888\"}")[0]).as("a table is lent to one reader at a time")
        .isEqualTo(key).isNotSameAs(key);
    firstFile.close();
    firstFile.close();
    JsonRecordParser nextFile = keyParser(tables);
    JsonRecordParser another = keyParser(tables);
    assertThat(parse(nextFile, "{\"key\": \"k05888\"}")[0]).isSameAs(key);
    assertThat(parse(another, "{\"key\": \"k05888\"}")[0]).as("closed twice, given back once").isNotSameAs(key);
  }

  /** A JSON parser of rows of one STRING column, {@code key}, borrowing from {@code tables}. */
  private static JsonRecordParser keyParser(RepeatedStrings.Pool tables) {
    JsonLimits limits = new JsonLimits(20_000_000, 1000, 1000);
    return new JsonRecordParser(Schema.parse("key STRING"), -1, TimestampParser.iso(), limits, limits.factory(), tables);
  }

  private static Object[] parse(JsonRecordParser parser, String line) throws RecordParser.Malformed {
    byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
    return parser.parse(bytes, 0, bytes.length);
  }
}
