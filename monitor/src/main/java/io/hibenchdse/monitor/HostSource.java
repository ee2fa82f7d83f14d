package io.hibenchdse.monitor;

import java.io.Closeable;
import java.io.IOException;
import java.util.function.Consumer;

/**
 * Where a host's {@code /proc} text comes from: this machine's files, or a worker's over ssh; a host
 * of its own network namespace and cgroup would be one more.
 */
public interface HostSource extends Closeable {
  /** The host's name in figures and lines. */
  String host();

  /**
   * Hands a reading to {@code sink} every {@code intervalMs} until closed, on the calling thread;
   * throws when the host cannot be sampled at all, with the reason in one line.
   */
  void stream(long intervalMs, Consumer<ProcReading> sink) throws IOException;
}
