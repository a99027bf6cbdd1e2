package io.millrace.sink.delta;

import io.delta.kernel.Snapshot;
import io.delta.kernel.data.Row;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.internal.data.ScanStateRow;
import io.delta.kernel.types.StructType;

/**
 * What Kernel needs to read any data file of one table version as chosen columns: the scan
 * state (logical and physical schema, column mapping, table root) and the physical schema to
 * ask the Parquet reader for ({@code ScanStateRow} is internal API in Kernel 4.0.0; it is what
 * Kernel's own examples read files with).
 */
record ScanState(Row state, StructType physicalSchema, String tableRoot) {

  static ScanState of(Engine engine, Snapshot snapshot, StructType columns) {
    Row state = snapshot.getScanBuilder().withReadSchema(columns).build().getScanState(engine);
    return new ScanState(state, ScanStateRow.getPhysicalDataReadSchema(engine, state), ScanStateRow.getTableRoot(state));
  }
}
