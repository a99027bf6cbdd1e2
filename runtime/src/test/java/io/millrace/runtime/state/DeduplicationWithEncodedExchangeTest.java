package io.millrace.runtime.state;

/**
 * Every test of {@link DeduplicationTest} with the exchange handing rows over encoded, as a task in
 * another process would get them: the outputs must be identical.
 */
class DeduplicationWithEncodedExchangeTest extends DeduplicationTest {
  @Override
  boolean encodedExchange() {
    return true;
  }
}
