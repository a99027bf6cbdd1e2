package io.millrace.api.state;

import io.millrace.spi.data.Row;
import java.util.Iterator;

/**
 * The user function of {@link io.millrace.api.KeyValueGroupedDataset#mapGroupsWithState}
 * (Spark's Java {@code MapGroupsWithStateFunction}): as {@link FlatMapGroupsWithStateFunction},
 * but returns exactly one row per call, timeouts included.
 *
 * @param <S> the state's type
 */
@FunctionalInterface
public interface MapGroupsWithStateFunction<S> {
  Row call(Row key, Iterator<Row> values, GroupState<S> state) throws Exception;
}
