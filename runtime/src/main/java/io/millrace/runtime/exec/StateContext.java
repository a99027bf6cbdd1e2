package io.millrace.runtime.exec;

import io.millrace.spi.PluginContext;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.state.StateStoreProviderFactory;
import io.millrace.spi.storage.Storage;
import java.net.URI;
import java.util.concurrent.ExecutorService;

/**
 * What a stateful operator opens its state with: the pinned store provider and partitioning,
 * the checkpoint it keeps {@code state/<op>/} in, the query's output mode, and whether its
 * exchange hands rows over encoded ({@link io.millrace.runtime.Settings#EXCHANGE_ENCODED}).
 */
record StateContext(StateStoreProviderFactory factory, URI checkpoint, Storage storage, int partitions,
    int maxKeyGroups, PluginContext pluginContext, ExecutorService pool, OutputMode mode, boolean encodedExchange) {}
