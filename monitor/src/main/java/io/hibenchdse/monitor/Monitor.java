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
  /** How much longer than an interval {@link #stop} waits for a streamed host's last reading: an ssh round trip's share. */
  static final long LAST_READING_SLACK_MS = 2000;
  /** Ticks a second of {@code /proc/PID/stat}'s CPU times (USER_HZ): 100 on every Linux architecture the suite runs on. */
  static final double TICKS_PER_SEC = 100;

  private final long intervalMs;
  private final List<HostSource> hosts;
  private final Supplier<List<WatchedProcess>> processes;
  private final Series series = new Series(TICKS_PER_SEC, cores());
  private final List<Thread> threads = new ArrayList<>();
  private final PrintStream log;
  private final java.util.concurrent.CountDownLatch stopping = new java.util.concurrent.CountDownLatch(1);
  /** Counted down by each host's first reading, or by its failure ({@link #awaitFirstReadings}). */
  private final java.util.concurrent.CountDownLatch firstReadings;
  /**
   * Each host's latest reading's time (epoch nanoseconds): {@link Long#MIN_VALUE} before its first,
   * {@link Long#MAX_VALUE} once its stream ended.
   */
  private final java.util.Map<HostSource, java.util.concurrent.atomic.AtomicLong> latest = new java.util.concurrent.ConcurrentHashMap<>();
  private volatile boolean stopped;
  /** When sampling began, in ticks since boot: a process started after it counts from its start. */
  private final long startUptimeTicks = uptimeTicks();

  private Monitor(long intervalMs, List<HostSource> hosts, Supplier<List<WatchedProcess>> processes, PrintStream log) {
    this.intervalMs = intervalMs;
    this.hosts = hosts;
    this.processes = processes;
    this.log = log;
    this.firstReadings = new java.util.concurrent.CountDownLatch(hosts.size());
  }

  /** The cores {@code /proc/stat} counts ticks of (its {@code cpuN} lines), whatever a container's CPU quota. */
  private static int cores() {
    try {
      return (int) Math.max(1, java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/stat")).stream()
          .filter(l -> l.matches("cpu\\d+ .*")).count());
    } catch (IOException e) {
      return Runtime.getRuntime().availableProcessors();
    }
  }

  private static long uptimeTicks() {
    try {
      return Math.round(Double.parseDouble(java.nio.file.Files.readString(java.nio.file.Path.of("/proc/uptime")).split(" ")[0])
          * TICKS_PER_SEC);
    } catch (IOException | RuntimeException e) {
      return Long.MAX_VALUE;
    }
  }

  /** Checks a sampling interval; an IllegalArgumentException says what it must be. */
  public static long checkedInterval(long intervalMs) {
    if (intervalMs < 10) {
      throw new IllegalArgumentException("must be at least 10 ms, not " + intervalMs);
    }
    return intervalMs;
  }

  /**
   * Starts sampling {@code hosts} and the processes {@code processes} lists at each interval (a run's
   * processes come and go) every {@code intervalMs}; a host that fails is said on {@code log}.
   * {@code notSampled} names hosts that could not even be set up, with why.
   */
  public static Monitor start(long intervalMs, List<HostSource> hosts, Supplier<List<WatchedProcess>> processes, PrintStream log,
      java.util.Map<String, String> notSampled) {
    checkedInterval(intervalMs);
    Monitor m = new Monitor(intervalMs, List.copyOf(hosts), processes, log);
    notSampled.forEach(m.series::notSampled);
    for (HostSource h : m.hosts) {
      java.util.concurrent.atomic.AtomicLong last = new java.util.concurrent.atomic.AtomicLong(Long.MIN_VALUE); // none yet
      m.latest.put(h, last);
      m.thread("monitor-" + h.host(), () -> {
        try {
          h.stream(intervalMs, reading -> {
            m.series.add(reading);
            if (last.getAndSet(reading.epochNanos()) == Long.MIN_VALUE) {
              m.firstReadings.countDown();
            }
          });
        } catch (IOException | RuntimeException e) {
          if (!m.stopped) {
            m.series.notSampled(h.host(), e.getMessage());
            log.println("monitor: " + h.host() + " not sampled: " + e.getMessage());
          }
        } finally {
          if (last.getAndSet(Long.MAX_VALUE) == Long.MIN_VALUE) {
            m.firstReadings.countDown();
          }
        }
      });
    }
    m.thread("monitor-processes", m::sampleProcesses);
    return m;
  }

  /**
   * Waits until every host has given its first reading, or failed, at most {@code timeoutMs}; returns
   * whether all had. A worker over ssh gives its first a connection's time after the start: what
   * starts after this wait is sampled from its first second on every host.
   */
  public boolean awaitFirstReadings(long timeoutMs) throws InterruptedException {
    return firstReadings.await(timeoutMs, java.util.concurrent.TimeUnit.MILLISECONDS);
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
      try {
        // a wait that stop() ends: an interrupt would cut a /proc read short
        stopping.await(Math.max(0, next - System.nanoTime()), java.util.concurrent.TimeUnit.NANOSECONDS);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  private void readProcesses() {
    for (WatchedProcess p : processes.get()) {
      ProcessCounters c = ProcessCounters.read(p.handle(), p.withDescendants(), TICKS_PER_SEC);
      if (c != null) {
        if (!series.known(p.name()) && c.rootStartTicks() >= startUptimeTicks) {
          series.add(p, c.atStart(TICKS_PER_SEC)); // started while sampling: from its start, not its first reading
        }
        series.add(p, c);
      }
    }
  }

  /**
   * Stops sampling, with a last reading of the hosts read in place and of the processes so that the time since
   * the last interval counts too, and returns the series. A host streamed from elsewhere (a worker over
   * ssh) is waited for, at most an interval and {@link #LAST_READING_SLACK_MS}, until it has given a
   * reading from this stop's time or later, so its samples too cover the time up to the stop.
   */
  public Series stop() {
    if (!stopped) {
      long stopNanos = EpochClock.nanos();
      long deadline = System.nanoTime() + (intervalMs + LAST_READING_SLACK_MS) * 1_000_000L;
      for (HostSource h : hosts) {
        java.util.concurrent.atomic.AtomicLong last = latest.get(h);
        while (!(h instanceof PolledHost) && last.get() < stopNanos && System.nanoTime() < deadline) {
          try {
            Thread.sleep(20);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            break;
          }
        }
      }
      stopped = true;
      stopping.countDown();
      hosts.forEach(h -> {
        try {
          h.close();
        } catch (IOException e) {
          // closing a source only ends its stream
        }
      });
      for (Thread t : threads) {
        try {
          t.join(2000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      for (HostSource h : hosts) {
        // every host read in place, this machine's or a cgroup host's: an ssh stream has ended
        if (h instanceof PolledHost polled) {
          try {
            series.add(polled.read());
          } catch (IOException e) {
            // it was sampled until now
          }
        }
      }
      readProcesses();
    }
    return series;
  }

  @Override
  public void close() {
    stop();
  }
}
