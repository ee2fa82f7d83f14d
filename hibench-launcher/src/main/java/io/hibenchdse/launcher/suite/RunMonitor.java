package io.hibenchdse.launcher.suite;

import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.monitor.HostSource;
import io.hibenchdse.monitor.Monitor;
import io.hibenchdse.monitor.Series;
import io.hibenchdse.monitor.SeriesCsv;
import io.hibenchdse.monitor.WatchedProcess;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The monitor around something that makes records (a suite step, a command run by
 * {@code bin/hibench monitor}): its samples go to {@code monitor/NAME-hosts.csv} and
 * {@code monitor/NAME-processes.csv} in a report directory, and each record gets what was used over
 * its own start to end ({@code utilization}) before it is written there.
 */
public final class RunMonitor implements AutoCloseable {
  /** How long a start waits for every host's first reading: ssh's own connect timeout is 10 s. */
  static final long FIRST_READINGS_MS = 15_000;

  private final Monitor monitor;

  private RunMonitor(Monitor monitor) {
    this.monitor = monitor;
  }

  /**
   * Starts sampling the hosts {@code hosts} makes and {@code processes}, and returns once every host
   * has been read once (or failed): a worker over ssh is then sampled from the first second of what
   * the caller starts next, not from its connection's end.
   */
  public static RunMonitor start(long intervalMs, Function<Map<String, String>, List<HostSource>> hosts,
      Supplier<List<WatchedProcess>> processes, PrintStream log) {
    Map<String, String> notSampled = new LinkedHashMap<>();
    Monitor m = Monitor.start(intervalMs, hosts.apply(notSampled), processes, log, notSampled);
    notSampled.forEach((host, why) -> log.println("monitor: " + host + " " + why));
    try {
      m.awaitFirstReadings(FIRST_READINGS_MS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the step that follows sees the stop
    }
    return new RunMonitor(m);
  }

  /** Stops sampling and writes the samples as {@code name}'s CSV files in {@code reportDir}, if one is given. */
  public Finished finish(Path reportDir, String name) throws IOException {
    Series series = monitor.stop();
    if (reportDir != null) {
      SeriesCsv.write(series, reportDir.resolve(SeriesCsv.DIR), name);
    }
    return new Finished(series, name);
  }

  /** Stops sampling, keeping nothing: for a step that failed. */
  @Override
  public void close() {
    monitor.stop();
  }

  /** What a monitored time gave: its samples, under the name of their files. */
  public record Finished(Series series, String name) {
    /** {@code r} with what was used over its own time, and the name of the samples' files. */
    public RunResult sampled(RunResult r) {
      r.configured(HibenchConfigKeys.MONITOR_SERIES, name);
      return r.utilization(series.over(r.startMs(), r.endMs()));
    }
  }
}
