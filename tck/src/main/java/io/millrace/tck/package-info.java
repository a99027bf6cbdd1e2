/**
 * The technology compatibility kit: JUnit 5 contract suites that a source, sink, trigger policy, state store or storage plugin extends to prove it keeps the engine's contracts, and a runner for any plugin jar. Built by issue 3.
 *
 * <p>This module holds only its build file until its issue lands; it deliberately has no
 * placeholder classes.
 */
package io.millrace.tck;
