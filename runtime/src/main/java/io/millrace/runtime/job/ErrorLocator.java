package io.millrace.runtime.job;

import io.millrace.runtime.exec.CheckpointLocationMissingException;
import io.millrace.runtime.exec.PluginOptionException;
import io.millrace.runtime.plugin.UnknownPluginException;
import io.millrace.spi.InvalidOptionException;
import java.util.Map;
import java.util.Optional;

/**
 * Finds the field of a job file that an error starting its query comes from, so the error
 * names its own section, line and field: a source's option under {@code source.options} or, for
 * named sources, under {@code sources.<name>.options} of the source that refused it; a sink's
 * under {@code sink.options}; a trigger's beside {@code trigger.policy}; a plugin name at its
 * {@code format}; a setting under {@code config}. An option the plugin requires and the file
 * lacks is reported where it would go: at the section's {@code options}, or at the section
 * itself when it has none.
 */
final class ErrorLocator {
  private final String file;
  private final JobFileReader reader;
  private final YamlNode root;
  private final JobSources sources;

  ErrorLocator(String file, JobFileReader reader, YamlNode root, JobSources sources) {
    this.file = file;
    this.reader = reader;
    this.root = root;
    this.sources = sources;
  }

  /**
   * {@code error} as a {@link JobFileException} naming its field, or {@code error} itself when
   * it does not come from the file (a setting given on the command line, say).
   *
   * @param settings the session settings in use, to tell a {@code config} value of the file
   *     from one that something else overrode
   */
  RuntimeException locate(RuntimeException error, Map<String, String> settings) {
    if (error instanceof JobFileException) {
      return error;
    }
    if (error instanceof CheckpointLocationMissingException) {
      return reader.missing(root, "checkpointLocation", error.getMessage(), error);
    }
    if (error instanceof UnknownPluginException unknown) {
      return pluginName(unknown).<RuntimeException>map(node -> reader.error(node, error.getMessage(), error))
          .orElse(error);
    }
    if (error instanceof PluginOptionException refused) {
      switch (refused.kind()) {
        case SOURCE:
          return refused.staticTable() ? staticTableOption(refused) : sourceOption(refused);
        case SINK:
          return inSection(section("sink").fields.get("options"), section("sink"), "options", refused);
        case TRIGGER:
          return triggerOption(refused);
        default:
          break;
      }
    }
    if (error instanceof InvalidOptionException setting) {
      return configSetting(setting, settings).<RuntimeException>map(node -> reader.error(node, error.getMessage(), error))
          .orElse(error);
    }
    return error;
  }

  /** A source's option, in the section of the source that refused it: {@code source} or {@code sources.<name>}. */
  private RuntimeException sourceOption(PluginOptionException refused) {
    return inSourceSection(sources.section(refused.sourceIndex()), refused);
  }

  /** An option refused by a source plugin, in its {@code source} section when there is one. */
  private RuntimeException inSourceSection(Optional<YamlNode> found, PluginOptionException refused) {
    if (found.isEmpty()) {
      return refused;
    }
    YamlNode source = found.get();
    if (refused.option().equalsIgnoreCase("schema") && !has(source, "options", "schema")) {
      // A source's schema is its own field of the job file, not one of its options.
      return inSection(source, "schema", refused);
    }
    return inSection(source.fields.get("options"), source, "options", refused);
  }

  /** A static table's option, in the section of the job's static source ({@code static: true}). */
  private RuntimeException staticTableOption(PluginOptionException refused) {
    return inSourceSection(sources.staticSection(), refused);
  }

  private YamlNode section(String name) {
    return root.fields.get(name);
  }

  private Optional<YamlNode> pluginName(UnknownPluginException unknown) {
    switch (unknown.kind()) {
      case SOURCE:
        return sources.withFormat(unknown.requested()).map(source -> source.fields.get("format"));
      case SINK:
        return Optional.of(section("sink").fields.get("format"));
      case TRIGGER: {
        YamlNode trigger = section("trigger");
        if (trigger == null || trigger.kind == YamlNode.Kind.NULL) {
          return Optional.empty();
        }
        return Optional.of(trigger.kind == YamlNode.Kind.MAP ? trigger.fields.get("policy") : trigger);
      }
      default:
        return Optional.empty();
    }
  }

  /** The option in {@code options} (a map under {@code section}), or the place it would go. */
  private JobFileException inSection(YamlNode options, YamlNode section, String optionsField,
      InvalidOptionException refused) {
    if (options != null && options.kind == YamlNode.Kind.MAP) {
      Optional<YamlNode> given = field(options, refused.option());
      if (given.isPresent()) {
        return reader.error(given.get(), refused.getMessage(), refused);
      }
    }
    YamlNode at = options != null ? options : section;
    return at(at.line, section.path + "." + optionsField + "." + refused.option(), refused);
  }

  /** A field of {@code section} itself, given or missing. */
  private JobFileException inSection(YamlNode section, String name, InvalidOptionException refused) {
    YamlNode given = section.fields.get(name);
    return given != null ? reader.error(given, refused.getMessage(), refused)
        : at(section.line, section.path + "." + name, refused);
  }

  /** A trigger's options are the fields beside its {@code policy}. */
  private RuntimeException triggerOption(InvalidOptionException refused) {
    YamlNode trigger = section("trigger");
    if (trigger == null) {
      return refused;
    }
    if (trigger.kind == YamlNode.Kind.MAP) {
      Optional<YamlNode> given = field(trigger, refused.option());
      if (given.isPresent()) {
        return reader.error(given.get(), refused.getMessage(), refused);
      }
    }
    return at(trigger.line, "trigger." + refused.option(), refused);
  }

  /** The {@code config} entry of a refused setting, if the session runs with the file's value. */
  private Optional<YamlNode> configSetting(InvalidOptionException refused, Map<String, String> settings) {
    YamlNode config = section("config");
    if (config == null || config.kind != YamlNode.Kind.MAP) {
      return Optional.empty();
    }
    return field(config, refused.option())
        .filter(node -> node.text != null && settings.entrySet().stream()
            .anyMatch(e -> e.getKey().equalsIgnoreCase(refused.option()) && node.text.equals(e.getValue())));
  }

  private static boolean has(YamlNode section, String map, String name) {
    YamlNode node = section.fields.get(map);
    return node != null && node.kind == YamlNode.Kind.MAP && field(node, name).isPresent();
  }

  /** Option and setting names are matched ignoring case, as plugins read them. */
  private static Optional<YamlNode> field(YamlNode map, String name) {
    return map.fields.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name)).map(Map.Entry::getValue)
        .findFirst();
  }

  private JobFileException at(int line, String path, Throwable cause) {
    return new JobFileException(file + " line " + line + ", field '" + path + "': " + cause.getMessage(), cause);
  }
}
