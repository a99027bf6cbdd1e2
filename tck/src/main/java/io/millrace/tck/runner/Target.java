package io.millrace.tck.runner;

/**
 * One plugin the runner will check: which suite, with which kit.
 *
 * @param plugin e.g. {@code storage 'local'}
 * @param suite the runner's suite class for the plugin's kind
 * @param kit makes what the suite needs, a new one per rule: from the jar or built from the config
 */
record Target(String plugin, Class<?> suite, java.util.function.Supplier<?> kit) {}
