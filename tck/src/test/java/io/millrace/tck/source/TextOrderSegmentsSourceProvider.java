package io.millrace.tck.source;

import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceContext;
import io.millrace.tck.source.ReferenceLogs.Segment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Broken on purpose: an instance keeps the log's segments in the order it met them, adding new
 * ones in numeric order, which is right; but a fresh instance builds that order from one listing
 * sorted as text, which is right only while every name has as many digits (rows 0 to 99). Must
 * fail S12 only.
 */
public final class TextOrderSegmentsSourceProvider extends ReferenceSourceProvider {

  @Override
  public String name() {
    return "tck-broken-text-order-segments";
  }

  @Override
  public Source create(SourceContext context) {
    return new ReferenceSource(Path.of(context.options().require("log")), context.options().getInt("numPartitions", 3)) {
      private List<String> order;

      @Override
      protected List<Segment> segments() {
        Map<String, Segment> listed = new LinkedHashMap<>();
        ReferenceLogs.segments(log).forEach(s -> listed.put(s.name(), s));
        if (order == null) {
          order = new ArrayList<>(listed.keySet().stream().sorted(Comparator.naturalOrder()).toList());
        } else {
          listed.keySet().stream().filter(name -> !order.contains(name)).forEach(order::add);
        }
        return order.stream().filter(listed::containsKey).map(listed::get).toList();
      }
    };
  }
}
