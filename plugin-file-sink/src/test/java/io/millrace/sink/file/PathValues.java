package io.millrace.sink.file;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** The partition values in a file's relative path ({@code a=1/b=x/part-...}); null for Hive's default partition. */
final class PathValues {
  private PathValues() {}

  static Map<String, String> of(String relativePath) {
    Map<String, String> out = new LinkedHashMap<>();
    String[] parts = relativePath.split("/");
    for (int i = 0; i < parts.length - 1; i++) {
      int eq = parts[i].indexOf('=');
      if (eq < 0) {
        continue; // a staging directory
      }
      String name = unescape(parts[i].substring(0, eq));
      String value = parts[i].substring(eq + 1);
      out.put(name, value.equals(PartitionPath.DEFAULT_PARTITION_NAME) ? null : unescape(value));
    }
    return out;
  }

  private static String unescape(String text) {
    return URLDecoder.decode(text.replace("+", "%2B"), StandardCharsets.UTF_8);
  }
}
