package io.millrace.starter;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/** millrace-bom manages every published module of the build, at the build's version. */
class BomTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  /** Modules that are not libraries: the BOM itself, the distribution, benchmarks and integration tests. */
  private static final Set<String> UNPUBLISHED = Set.of("bom", "dist", "bench", "it");

  @Test
  void theBomListsEveryPublishedModuleAtTheBuildsVersion() throws Exception {
    Document root = parse(ROOT.resolve("pom.xml"));
    String version = child(root.getDocumentElement(), "version");
    List<String> published = new ArrayList<>();
    NodeList modules = root.getElementsByTagName("module");
    for (int i = 0; i < modules.getLength(); i++) {
      String module = modules.item(i).getTextContent().trim();
      if (!UNPUBLISHED.contains(module)) {
        published.add(child(parse(ROOT.resolve(module).resolve("pom.xml")).getDocumentElement(), "artifactId"));
      }
    }

    Element bom = parse(ROOT.resolve("bom/pom.xml")).getDocumentElement();
    List<String> managed = new ArrayList<>();
    NodeList dependencies = bom.getElementsByTagName("dependency");
    for (int i = 0; i < dependencies.getLength(); i++) {
      Element dependency = (Element) dependencies.item(i);
      assertThat(child(dependency, "version")).isEqualTo("${project.version}");
      managed.add(child(dependency, "artifactId"));
    }

    assertThat(child(bom, "version")).as("the BOM's version").isEqualTo(version);
    assertThat(published).as("the published modules").contains("millrace-runtime", "millrace-starter");
    assertThat(managed).as("the artifacts millrace-bom manages").containsExactlyInAnyOrderElementsOf(published);
  }

  private static Document parse(Path pom) throws Exception {
    return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile());
  }

  /** The text of {@code parent}'s direct child element {@code name}. */
  private static String child(Element parent, String name) {
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals(name)) {
        return e.getTextContent().trim();
      }
    }
    throw new AssertionError("no <" + name + "> in <" + parent.getTagName() + ">");
  }
}
