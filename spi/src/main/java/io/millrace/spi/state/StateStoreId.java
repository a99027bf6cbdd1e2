package io.millrace.spi.state;

import java.net.URI;

/**
 * Which store: one per stateful operator, shuffle partition and store name.
 *
 * @param checkpointRoot the query's checkpoint
 * @param operatorId the operator's position among the query's stateful operators
 * @param partitionId the shuffle partition
 * @param storeName the store's name within the operator ({@code "default"} for most)
 */
public record StateStoreId(URI checkpointRoot, long operatorId, int partitionId, String storeName) {

  public static final String DEFAULT_STORE_NAME = "default";

  /**
   * Where this store keeps its files: {@code <checkpoint>/state/<op>/<partition>}, plus
   * {@code /<storeName>} unless the store is the default one.
   */
  public URI storePath() {
    String root = checkpointRoot.toString();
    String base = (root.endsWith("/") ? root : root + "/") + "state/" + operatorId + "/" + partitionId;
    return URI.create(DEFAULT_STORE_NAME.equals(storeName) ? base : base + "/" + storeName);
  }
}
