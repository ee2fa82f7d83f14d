package io.hibenchdse.monitor;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Samples hosts and server processes every interval, each host on a thread of its own, until
 * stopped; its {@link Series} holds what they used. A host that cannot be sampled is named in one
 * line and in the series' {@code notSampled}, and the rest goes on.
 */
public final class Monitor implements AutoCloseable {
  /** The default interval: a second, as sar's. */
  public static final long DEFAULT_INTERVAL_MS = 1000;
  /** Ticks a second of {@code /proc/PID/stat}'s CPU times (USER_HZ): 100 on every Linux architecture the suite runs on. */
  static final double TICKS_PER_SEC = 100;

  private final long intervalMs;
  private final List<HostSource> hosts;
  private final Supplier<List<WatchedProcess>> processes;
  private final Series series = new Series(TICKS_PER_SEC, Runtime.getRuntime().availableProcessors());
  private final List<Thread> threads = new ArrayList<>();
  private final PrintStream log;
  private volatile boolean stopped;
  private final long startEpochMs = System.currentTimeMillis();

  private Monitor(long intervalMs, List<HostSource> hosts, Supplier<List<WatchedProcess>> processes, PrintStream log) {
    this.intervalMs = intervalMs;
    this.hosts = hosts;
    this.processes = processes;
    this.log = log;
  }

  /**
   * Starts sampling {@code hosts} and the processes {@code processes} lists at each interval (a run's
   * processes come and go) every {@code intervalMs}; a host that fails is said on {@code log}.
   * {@code notSampled} names hosts that could not even be set up, with why.
   */
  public static Monitor start(long intervalMs, List<HostSource> hosts, Supplier<List<WatchedProcess>> processes, PrintStream log,
      java.util.Map<String, String> notSampled) {
    if (intervalMs < 10) {
      throw new IllegalArgumentException("the monitor's interval must be at least 10 ms, not " + intervalMs);
    }
    Monitor m = new Monitor(intervalMs, List.copyOf(hosts), processes, log);
    notSampled.forEach(m.series::notSampled);
    for (HostSource h : m.hosts) {
      m.thread("monitor-" + h.host(), () -> {
        try {
          h.stream(intervalMs, m.series::add);
        } catch (IOException | RuntimeException e) {
          if (!m.stopped) {
            m.series.notSampled(h.host(), e.getMessage());
            log.println("monitor: " + h.host() + " not sampled: " + e.getMessage());
          }
        }
      });
    }
    m.thread("monitor-processes", m::sampleProcesses);
    return m;
  }

  private void thread(String name, Runnable body) {
    Thread t = new Thread(body, name);
    t.setDaemon(true);
    threads.add(t);
    t.start();
  }

  private void sampleProcesses() {
    long next = System.nanoTime();
    while (!stopped) {
      readProcesses();
      next += intervalMs * 1_000_000L;
      long waitMs = (next - System.nanoTime()) / 1_000_000L;
      if (waitMs > 0) {
        try {
          Thread.sleep(waitMs);
        } catch (InterruptedException e) {
          return;
        }
      }
    }
  }

  private void readProcesses() {
    for (WatchedProcess p : processes.get()) {
      if (!series.known(p.name())) {
        // a process started while sampling counts from its start, not from its first reading
        p.handle().info().startInstant().filter(start -> start.toEpochMilli() >= startEpochMs)
            .ifPresent(start -> series.add(p, ProcessCounters.zero(start.toEpochMilli() * 1_000_000L)));
      }
      ProcessCounters c = ProcessCounters.read(p.handle(), p.withDescendants());
      if (c != null) {
        series.add(p, c);
      }
    }
  }

  /**
   * Stops sampling, with a last reading of this machine and the processes so that the time since
   * the last interval counts too, and returns the series.
   */
  public Series stop() {
    if (!stopped) {
      stopped = true;
      hosts.forEach(h -> {
        try {
          h.close();
        } catch (IOException e) {
          // closing a source only ends its stream
        }
      });
      threads.forEach(Thread::interrupt);
      for (Thread t : threads) {
        try {
          t.join(2000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      for (HostSource h : hosts) {
        if (h instanceof LocalHost local) {
          try {
            series.add(local.read());
          } catch (IOException e) {
            // it was sampled until now
          }
        }
      }
      readProcesses();
    }
    return series;
  }

  public Series series() {
    return series;
  }

  @Override
  public void close() {
    stop();
  }
}
