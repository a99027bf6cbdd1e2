package io.millrace.runtime.job;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A node of a parsed job file that remembers where it was written, so every error can name
 * the line and the field's path (such as {@code sink.options.numRows}).
 */
final class YamlNode {
  enum Kind { MAP, LIST, SCALAR, NULL }

  final Kind kind;
  final String path;
  final int line;
  final String text;
  final Map<String, YamlNode> fields;
  final List<YamlNode> items;

  private YamlNode(Kind kind, String path, int line, String text, Map<String, YamlNode> fields, List<YamlNode> items) {
    this.kind = kind;
    this.path = path;
    this.line = line;
    this.text = text;
    this.fields = fields;
    this.items = items;
  }

  static YamlNode scalar(String path, int line, String text) {
    return new YamlNode(Kind.SCALAR, path, line, text, Map.of(), List.of());
  }

  static YamlNode nullValue(String path, int line) {
    return new YamlNode(Kind.NULL, path, line, null, Map.of(), List.of());
  }

  static YamlNode map(String path, int line, LinkedHashMap<String, YamlNode> fields) {
    return new YamlNode(Kind.MAP, path, line, null, fields, List.of());
  }

  static YamlNode list(String path, int line, List<YamlNode> items) {
    return new YamlNode(Kind.LIST, path, line, null, Map.of(), items);
  }

  String describe() {
    switch (kind) {
      case MAP: return "a map";
      case LIST: return "a list";
      case NULL: return "nothing";
      default: return "'" + text + "'";
    }
  }
}
