package io.millrace.runtime.state;

/**
 * Every test of {@link WatermarkAggregationTest} with the exchange handing rows over encoded, as a task in
 * another process would get them: the outputs must be identical.
 */
class WatermarkAggregationWithEncodedExchangeTest extends WatermarkAggregationTest {
  @Override
  boolean encodedExchange() {
    return true;
  }
}
