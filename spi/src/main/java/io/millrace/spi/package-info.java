/**
 * The Millrace service provider interface: everything a plugin sees of the engine.
 *
 * <p>Five kinds of plugin, each found by {@link java.util.ServiceLoader} through its service
 * interface: {@link io.millrace.spi.source.SourceProvider}, {@link io.millrace.spi.sink.SinkProvider},
 * {@link io.millrace.spi.trigger.TriggerPolicyProvider},
 * {@link io.millrace.spi.state.StateStoreProviderFactory} and
 * {@link io.millrace.spi.storage.StorageProvider}. Rows use the small typed model in
 * {@link io.millrace.spi.data}. This package depends on the JDK only and is versioned by
 * {@link io.millrace.spi.Spi#VERSION}.
 */
package io.millrace.spi;
