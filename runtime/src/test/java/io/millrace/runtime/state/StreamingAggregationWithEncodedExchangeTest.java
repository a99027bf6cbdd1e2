package io.millrace.runtime.state;

/**
 * Every test of {@link StreamingAggregationTest} with the exchange handing rows over encoded, as a task in
 * another process would get them: the outputs must be identical.
 */
class StreamingAggregationWithEncodedExchangeTest extends StreamingAggregationTest {
  @Override
  boolean encodedExchange() {
    return true;
  }
}
