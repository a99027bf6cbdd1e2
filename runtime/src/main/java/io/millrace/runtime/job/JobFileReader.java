package io.millrace.runtime.job;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a job file's YAML into {@link YamlNode}s that keep their line numbers (Jackson's YAML
 * parser does the parsing; this only keeps the locations its tree model drops), and gives the
 * helpers that turn nodes into values with errors naming the file, line and field.
 */
final class JobFileReader {
  private final String file;
  private final EnvironmentReferences environment;

  JobFileReader(String file) {
    this(file, System::getenv);
  }

  /** A reader whose {@code ${NAME}} references read {@code environment} (tests give their own). */
  JobFileReader(String file, java.util.function.UnaryOperator<String> environment) {
    this.file = file;
    this.environment = new EnvironmentReferences(environment);
  }

  YamlNode read(Reader text) {
    try (JsonParser parser = new YAMLFactory().createParser(text)) {
      JsonToken first = parser.nextToken();
      if (first == null) {
        throw new JobFileException(file + " is empty");
      }
      YamlNode root = node(parser, "", parser.currentTokenLocation().getLineNr());
      if (root.kind != YamlNode.Kind.MAP) {
        throw error(root, "a job file is a map of fields (source, pipeline, sink, ...), not " + root.describe());
      }
      return root;
    } catch (JsonProcessingException e) {
      int line = e.getLocation() == null ? -1 : e.getLocation().getLineNr();
      throw new JobFileException(file + (line > 0 ? " line " + line : "") + ": not valid YAML: " + e.getOriginalMessage(), e);
    } catch (IOException e) {
      throw new JobFileException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }

  /**
   * The node at the parser's current token. {@code line} is where it is written: for a field,
   * the line of its name, since a block map or list starts on the line after it.
   */
  private YamlNode node(JsonParser p, String path, int line) throws IOException {
    JsonToken token = p.currentToken();
    if (token == JsonToken.START_OBJECT) {
      LinkedHashMap<String, YamlNode> fields = new LinkedHashMap<>();
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        int fieldLine = p.currentTokenLocation().getLineNr();
        p.nextToken();
        String childPath = path.isEmpty() ? name : path + "." + name;
        if (fields.containsKey(name)) {
          throw new JobFileException(file + " line " + fieldLine + ": field '" + childPath + "' is given twice");
        }
        fields.put(name, node(p, childPath, fieldLine));
      }
      return YamlNode.map(path, line, fields);
    }
    if (token == JsonToken.START_ARRAY) {
      List<YamlNode> items = new ArrayList<>();
      int i = 0;
      while (p.nextToken() != JsonToken.END_ARRAY) {
        items.add(node(p, path + "[" + i++ + "]", p.currentTokenLocation().getLineNr()));
      }
      return YamlNode.list(path, line, items);
    }
    if (token == JsonToken.VALUE_NULL) {
      return YamlNode.nullValue(path, line);
    }
    try {
      return YamlNode.scalar(path, line, environment.resolve(p.getText(), file + " line " + line + ", field '" + path + "'"));
    } catch (IllegalArgumentException e) {
      throw new JobFileException(e.getMessage(), e);
    }
  }

  JobFileException error(YamlNode node, String problem) {
    return error(node, problem, null);
  }

  JobFileException error(YamlNode node, String problem, Throwable cause) {
    return new JobFileException(file + " line " + node.line + ", field '" + (node.path.isEmpty() ? "(top)" : node.path)
        + "': " + problem, cause);
  }

  void allowOnly(YamlNode map, Set<String> allowed) {
    for (String name : map.fields.keySet()) {
      if (!allowed.contains(name)) {
        YamlNode field = map.fields.get(name);
        throw error(field, "unknown field '" + name + "'; allowed here: " + String.join(", ", new java.util.TreeSet<>(allowed)));
      }
    }
  }

  YamlNode requireMap(YamlNode node) {
    if (node.kind != YamlNode.Kind.MAP) {
      throw error(node, "expected a map, found " + node.describe());
    }
    return node;
  }

  YamlNode require(YamlNode map, String field) {
    YamlNode value = map.fields.get(field);
    if (value == null || value.kind == YamlNode.Kind.NULL) {
      throw missing(map, field, null, null);
    }
    return value;
  }

  /** {@code field} of {@code map} is required and missing; {@code why}, if given, says why. */
  JobFileException missing(YamlNode map, String field, String why, Throwable cause) {
    String path = map.path.isEmpty() ? field : map.path + "." + field;
    return new JobFileException(file + " line " + map.line + ": field '" + path + "' is required"
        + (why == null ? "" : ": " + why), cause);
  }

  /** The {@code options} map of a plugin's section, each a single value; empty when it has none. */
  Map<String, YamlNode> options(YamlNode section) {
    YamlNode node = section.fields.get("options");
    if (node == null) {
      return Map.of();
    }
    Map<String, YamlNode> out = new LinkedHashMap<>();
    requireMap(node).fields.forEach((k, v) -> {
      text(v);
      out.put(k, v);
    });
    return out;
  }

  static Map<String, String> values(Map<String, YamlNode> nodes) {
    Map<String, String> out = new LinkedHashMap<>();
    nodes.forEach((k, v) -> out.put(k, v.text));
    return out;
  }

  String text(YamlNode node) {
    if (node.kind != YamlNode.Kind.SCALAR) {
      throw error(node, "expected a single value, found " + node.describe());
    }
    return node.text;
  }

  List<String> texts(YamlNode node) {
    if (node.kind == YamlNode.Kind.SCALAR) {
      return List.of(node.text);
    }
    if (node.kind != YamlNode.Kind.LIST) {
      throw error(node, "expected a list of values, found " + node.describe());
    }
    List<String> out = new ArrayList<>();
    for (YamlNode item : node.items) {
      out.add(text(item));
    }
    return out;
  }
}
