package io.millrace.api.state;

import io.millrace.spi.data.Row;
import java.util.Iterator;

/**
 * The user function of {@link io.millrace.api.KeyValueGroupedDataset#flatMapGroupsWithState}
 * (Spark's Java {@code FlatMapGroupsWithStateFunction}): called once per key with rows in a
 * batch, and once per key whose timeout fires (with no rows); returns rows of the output schema.
 * An exception it throws fails the query, wrapped as Spark wraps it.
 *
 * @param <S> the state's type
 */
@FunctionalInterface
public interface FlatMapGroupsWithStateFunction<S> {
  Iterator<Row> call(Row key, Iterator<Row> values, GroupState<S> state) throws Exception;
}
