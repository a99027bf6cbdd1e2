package io.millrace.runtime.testplugins;

import io.millrace.spi.Options;
import io.millrace.spi.Spi;
import io.millrace.spi.data.Row;
import io.millrace.spi.sink.Batch;
import io.millrace.spi.sink.DeliveryGuarantee;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.SinkContext;
import io.millrace.spi.sink.ReadableSinkProvider;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Test sink {@code durable-file}: batch N's rows go to {@code <dir>/batch-N}, written to a
 * temporary file, forced to disk and hard-linked into place, so the file appears whole or
 * not at all, survives a killed JVM, and a replay on any instance finds it and writes nothing:
 * exactly-once. It reads back whole-number and text columns (for {@code millrace run --show}).
 */
public final class DurableFileSinkProvider implements ReadableSinkProvider {
  @Override
  public String name() {
    return "durable-file";
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  @Override
  public Sink create(SinkContext context) {
    Options o = context.options();
    Path dir = Path.of(o.require("path"));
    return new Sink() {
      @Override
      public DeliveryGuarantee guarantee() {
        return DeliveryGuarantee.EXACTLY_ONCE;
      }

      @Override
      public void addBatch(long batchId, Batch batch) throws IOException {
        Path target = dir.resolve("batch-" + batchId);
        if (!Files.exists(target)) {
          Files.createDirectories(dir);
          StringBuilder text = new StringBuilder();
          for (Row r : batch) {
            for (int i = 0; i < r.size(); i++) {
              text.append(i == 0 ? "" : ",").append(r.get(i));
            }
            text.append('\n');
          }
          Path temp = dir.resolve(".batch-" + batchId + ".tmp");
          Files.write(temp, text.toString().getBytes(StandardCharsets.UTF_8), StandardOpenOption.CREATE,
              StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE, StandardOpenOption.SYNC);
          // Part of the batch is on disk but not published: a crash here must leave nothing visible.
          context.faultInjector().reached(io.millrace.spi.fault.FaultPoint.INSIDE_SINK_WRITE, batchId);
          try {
            Files.createLink(target, temp);
          } catch (FileAlreadyExistsException e) {
            // Another instance won; its content is the same batch.
          } finally {
            Files.deleteIfExists(temp);
          }
        }
      }
    };
  }

  @Override
  public List<Row> readBack(SinkContext context, int maxRows) throws IOException {
    Path dir = Path.of(context.options().require("path"));
    List<Row> rows = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return rows;
    }
    List<Path> batches;
    try (Stream<Path> files = Files.list(dir)) {
      batches = files.filter(f -> f.getFileName().toString().startsWith("batch-")).sorted().toList();
    }
    for (Path batch : batches) {
      for (String line : Files.readAllLines(batch, StandardCharsets.UTF_8)) {
        if (rows.size() == maxRows) {
          return rows;
        }
        String[] cells = line.split(",", -1);
        Object[] values = new Object[cells.length];
        for (int i = 0; i < cells.length; i++) {
          switch (context.schema().field(i).type().kind()) {
            case LONG, TIMESTAMP -> values[i] = Long.parseLong(cells[i]);
            case INT -> values[i] = Integer.parseInt(cells[i]);
            default -> values[i] = cells[i];
          }
        }
        rows.add(Row.of(values));
      }
    }
    return rows;
  }
}
