package io.millrace.api.state;

/**
 * A {@link StatefulProcessor} whose state starts from a static dataset (Spark 4.0's
 * {@code StatefulProcessorWithInitialState}), for
 * {@link io.millrace.api.KeyValueGroupedDataset#transformWithState(java.util.function.Supplier, TimeMode,
 * io.millrace.spi.sink.OutputMode, io.millrace.spi.data.Schema, io.millrace.api.KeyValueGroupedDataset)}:
 * in the first batch of a new checkpoint only, before that batch's input,
 * {@link #handleInitialState} runs once for each row of the initial state (a key may have several),
 * keys in the order of their encoding, in the state partition that owns the key.
 *
 * @param <K> the grouping key
 * @param <I> the input rows
 * @param <O> the output rows
 * @param <S> the initial state's rows
 */
public abstract class StatefulProcessorWithInitialState<K, I, O, S> extends StatefulProcessor<K, I, O> {

  /**
   * One row of the initial state of {@code key}: sets the key's state variables through
   * {@link #getHandle()} and may register timers. It emits nothing; a key that has initial state
   * and no input rows in that batch gets no {@link #handleInputRows} call.
   */
  public abstract void handleInitialState(K key, S initialState, TimerValues timerValues);
}
