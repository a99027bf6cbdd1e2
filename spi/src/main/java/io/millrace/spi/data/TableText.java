package io.millrace.spi.data;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Lays rows out the way Spark's {@code Dataset.show(numRows, truncate)} does: a header of
 * column names between {@code +---+} rules, one line per row, and
 * {@code only showing top N rows} when rows were left out. With {@code truncate}, cells
 * longer than 20 characters are cut to 17 plus {@code ...} and right-aligned; without it they
 * are whole and left-aligned. Columns are at least 3 wide.
 */
public final class TableText {
  private static final int TRUNCATE_AT = 20;
  private static final int MIN_WIDTH = 3;

  private TableText() {}

  public static String render(Schema schema, Iterable<Row> rows, int numRows, boolean truncate) {
    List<String[]> lines = new ArrayList<>();
    lines.add(cells(schema.names().toArray(new String[0]), truncate));
    Iterator<Row> it = rows.iterator();
    while (lines.size() <= numRows && it.hasNext()) {
      lines.add(cells(texts(schema, it.next()), truncate));
    }
    boolean cut = it.hasNext();

    int[] widths = widths(lines, schema.size());
    String rule = rule(widths);
    StringBuilder sb = new StringBuilder();
    sb.append(rule);
    line(sb, lines.get(0), widths, truncate);
    sb.append(rule);
    for (String[] cells : lines.subList(1, lines.size())) {
      line(sb, cells, widths, truncate);
    }
    sb.append(rule);
    if (cut) {
      sb.append("only showing top ").append(numRows).append(numRows == 1 ? " row\n" : " rows\n");
    }
    return sb.toString();
  }

  private static String[] texts(Schema schema, Row row) {
    String[] texts = new String[schema.size()];
    for (int i = 0; i < texts.length; i++) {
      texts[i] = CellText.of(row.get(i), schema.field(i).type());
    }
    return texts;
  }

  private static String[] cells(String[] texts, boolean truncate) {
    if (truncate) {
      for (int i = 0; i < texts.length; i++) {
        if (texts[i].length() > TRUNCATE_AT) {
          texts[i] = texts[i].substring(0, TRUNCATE_AT - 3) + "...";
        }
      }
    }
    return texts;
  }

  private static int[] widths(List<String[]> lines, int columns) {
    int[] widths = new int[columns];
    for (String[] cells : lines) {
      for (int i = 0; i < columns; i++) {
        widths[i] = Math.max(widths[i], Math.max(MIN_WIDTH, cells[i].length()));
      }
    }
    return widths;
  }

  private static String rule(int[] widths) {
    StringBuilder sb = new StringBuilder("+");
    for (int width : widths) {
      sb.append("-".repeat(width)).append('+');
    }
    return sb.append('\n').toString();
  }

  private static void line(StringBuilder sb, String[] cells, int[] widths, boolean rightAlign) {
    sb.append('|');
    for (int i = 0; i < cells.length; i++) {
      String pad = " ".repeat(widths[i] - cells[i].length());
      sb.append(rightAlign ? pad + cells[i] : cells[i] + pad).append('|');
    }
    sb.append('\n');
  }
}
