package io.millrace.runtime.exec;

import io.millrace.spi.PluginContext;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.state.StateStoreProviderFactory;
import io.millrace.spi.storage.Storage;
import java.net.URI;
import java.util.concurrent.ExecutorService;

/**
 * What a stateful operator opens its state with: the pinned store provider and partitioning,
 * the checkpoint it keeps {@code state/<op>/} in, and the query's output mode.
 */
record StateContext(StateStoreProviderFactory factory, URI checkpoint, Storage storage, int partitions,
    int maxKeyGroups, PluginContext pluginContext, ExecutorService pool, OutputMode mode) {}
