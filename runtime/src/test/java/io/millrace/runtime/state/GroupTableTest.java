package io.millrace.runtime.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The map side's group table against a map keyed by the same parts: short ASCII strings take
 * the packed path, everything else the general one, and the two must never meet or split a
 * group.
 */
class GroupTableTest {
  private static List<Object> key(long start, Object[] values) {
    List<Object> key = new ArrayList<>(Arrays.asList(values));
    key.add(0, start);
    return key;
  }

  @Test
  void packedAndGeneralKeysFindExactlyTheGroupsOfAMap() {
    // Packable (up to seven ASCII characters), too long, not ASCII, empty, null, NUL, other types.
    Object[] pool = {"k00001", "k00002", "k000010", "k0000100", "k0000101", "é", "k0000é", "", null, "\u0000",
        "\u0000\u0000", "a", "A", "k00001 ", 7L, 7, "7"};
    Random random = new Random(7);
    GroupTable table = new GroupTable(4, -1); // small, so that it grows and rehashes
    Map<List<Object>, Integer> model = new LinkedHashMap<>();
    for (int row = 0; row < 20_000; row++) {
      long start = random.nextInt(5) * 60_000_000L - 60_000_000L; // negative starts too
      Object[] values = random.nextInt(10) == 0
          ? new Object[] {pool[random.nextInt(pool.length)], pool[random.nextInt(pool.length)]}
          : new Object[] {pool[random.nextInt(pool.length)]};
      if (random.nextInt(3) == 0 && values[0] instanceof String s) {
        values[0] = new String(s.toCharArray()); // an equal string that is another object
      }
      int found = table.indexOf(start, values);
      int expected = model.computeIfAbsent(key(start, values), k -> model.size());
      assertThat(found).as("the group of %s", key(start, values)).isEqualTo(expected);
    }
    assertThat(table.size()).isEqualTo(model.size());
    List<List<Object>> order = new ArrayList<>();
    for (int g = 0; g < table.size(); g++) {
      order.add(key(table.windowStart(g), table.values(g)));
    }
    assertThat(order).as("groups in first-seen order").containsExactlyElementsOf(model.keySet());
  }

  @Test
  void withAWindowSlotTheOtherValueIsPacked() {
    GroupTable table = new GroupTable(4, 0);
    Map<List<Object>, Integer> model = new LinkedHashMap<>();
    Object[] pool = {"k1", "k2", "toolongkey", null};
    Random random = new Random(3);
    for (int row = 0; row < 2000; row++) {
      Object[] values = {null, pool[random.nextInt(pool.length)]};
      long start = random.nextInt(3);
      int found = table.indexOf(start, values);
      assertThat(found).isEqualTo(model.computeIfAbsent(key(start, values), k -> model.size()));
    }
    assertThat(table.size()).isEqualTo(model.size()).isEqualTo(12);
  }

  @Test
  void packingIsExactAndRefusesWhatItCannotHold() {
    assertThat(GroupTable.packed(new Object[] {"k07953"}, -1)).isNotEqualTo(GroupTable.packed(new Object[] {"k07954"}, -1));
    assertThat(GroupTable.packed(new Object[] {"ab"}, -1)).isNotEqualTo(GroupTable.packed(new Object[] {"ab\u0000"}, -1));
    assertThat(GroupTable.packed(new Object[] {""}, -1)).isNotZero();
    assertThat(GroupTable.packed(new Object[] {"abcdefg"}, -1)).isNotZero();
    assertThat(GroupTable.packed(new Object[] {"abcdefgh"}, -1)).isZero();
    assertThat(GroupTable.packed(new Object[] {"é"}, -1)).isZero();
    assertThat(GroupTable.packed(new Object[] {(Object) null}, -1)).isZero();
    assertThat(GroupTable.packed(new Object[] {7L}, -1)).isZero();
    assertThat(GroupTable.packed(new Object[] {"a", "b"}, -1)).isZero();
    assertThat(GroupTable.packed(new Object[] {null, "k07953"}, 0)).as("beside the window's slot")
        .isEqualTo(GroupTable.packed(new Object[] {"k07953"}, -1));
    assertThat(GroupTable.packed(new Object[] {"k07953", null}, 1)).isEqualTo(GroupTable.packed(new Object[] {"k07953"}, -1));
    assertThat(GroupTable.packed(new Object[] {null, "k07953", "x"}, 0)).isZero();
  }
}
