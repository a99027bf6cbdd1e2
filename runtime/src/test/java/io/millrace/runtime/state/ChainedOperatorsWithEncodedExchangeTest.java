package io.millrace.runtime.state;

/**
 * Every test of {@link ChainedOperatorsTest} with the exchange handing rows over encoded, as a task in
 * another process would get them: the outputs must be identical.
 */
class ChainedOperatorsWithEncodedExchangeTest extends ChainedOperatorsTest {
  @Override
  boolean encodedExchange() {
    return true;
  }
}
