package io.millrace.source.file;

import java.nio.charset.StandardCharsets;

/** Format {@code text}: the whole line, decoded as UTF-8, is the one column {@code value}. */
final class TextRecordParser implements RecordParser {

  @Override
  public Object[] parse(byte[] bytes, int offset, int length) {
    return new Object[] {new String(bytes, offset, length, StandardCharsets.UTF_8)};
  }
}
