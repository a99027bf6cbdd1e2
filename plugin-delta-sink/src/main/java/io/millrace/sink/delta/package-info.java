/**
 * The {@code delta} sink: writes each micro-batch into a Delta Lake table through Delta Kernel,
 * exactly once; and the {@code delta} source ({@link io.millrace.sink.delta.DeltaSourceProvider}):
 * reads a Delta table as Spark's Delta source reads an append-only one, the latest snapshot first,
 * then the data files later commits add (see {@link io.millrace.sink.delta.DeltaSource}). Both
 * share the Kernel engine ({@link io.millrace.sink.delta.KernelEngine}) and the type mapping
 * ({@link io.millrace.sink.delta.DeltaTypes}).
 *
 * <p>How the sink keeps its promises:
 * <ul>
 *   <li><b>Idempotence.</b> Every commit carries Delta's transaction identifier
 *       {@code (txnAppId, batchId)}. A batch whose id is at or below the table's recorded version
 *       for the app id is refused by Kernel when the transaction is built, before any data file
 *       is written; the sink logs it and counts it as {@code numSkippedBatches}. A writer that
 *       loses a race for the same id at commit deletes the data files it wrote.</li>
 *   <li><b>Atomic batches.</b> Data files are invisible until the one commit that adds them (and,
 *       in complete mode, removes every earlier file) is published.</li>
 *   <li><b>Several processes on a local table.</b> Kernel's default log store for {@code file:}
 *       publishes a commit with an exists-check followed by {@code rename(2)}, which overwrites;
 *       two processes can both "win" version N and one commit is lost. {@link HardLinkLogStore}
 *       publishes with {@code link(2)}, which fails atomically if the version exists.</li>
 *   <li><b>Bounded log.</b> Kernel's post-commit hooks (checksum files, a checkpoint every ten
 *       commits, log compaction) are returned, not run; the sink runs them after each commit.</li>
 * </ul>
 *
 * <p>Update mode is refused: Kernel's write path here has no merge (no deletion vectors or
 * row-level rewrite keyed by the query's grouping key), so changed rows could only be appended
 * as duplicates of their earlier versions.
 */
package io.millrace.sink.delta;
