package io.millrace.runtime.state;

/** Every test of {@link WatermarkAggregationTest}, with state in the rocksdb store: the outputs must be identical. */
class WatermarkAggregationOnRocksDbTest extends WatermarkAggregationTest {
  @Override
  String provider() {
    return "rocksdb";
  }
}
