package io.hibenchdse.launcher.suite;

import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.core.Results;
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
 * The monitor around something that adds records to a report directory (a suite step, a command
 * run by {@code bin/hibench monitor}): each record added meanwhile gets what was used over its own
 * start to end ({@code utilization}), and the samples go to {@code monitor/NAME-hosts.csv} and
 * {@code monitor/NAME-processes.csv} beside it.
 */
public final class RunMonitor implements AutoCloseable {
  /** Where the samples go in a report directory. */
  public static final String DIR = "monitor";

  private final Monitor monitor;
  private final Path reportDir;
  private final long mark;

  private RunMonitor(Monitor monitor, Path reportDir, long mark) {
    this.monitor = monitor;
    this.reportDir = reportDir;
    this.mark = mark;
  }

  /**
   * Starts sampling the hosts {@code hosts} makes and {@code processes}; records added to
   * {@code reportDir} from now on are amended.
   */
  public static RunMonitor start(long intervalMs, Function<Map<String, String>, List<HostSource>> hosts,
      Supplier<List<WatchedProcess>> processes, Path reportDir, PrintStream log) throws IOException {
    long mark = reportDir == null ? 0 : Results.mark(reportDir);
    Map<String, String> notSampled = new LinkedHashMap<>();
    Monitor m = Monitor.start(intervalMs, hosts.apply(notSampled), processes, log, notSampled);
    notSampled.forEach((host, why) -> log.println("monitor: " + host + " " + why));
    return new RunMonitor(m, reportDir, mark);
  }

  /**
   * Stops sampling; gives each record added since the start what was used over its own time, and
   * writes the samples as {@code name}'s CSV files. Returns the series and the records as amended.
   */
  public Finished finish(String name) throws IOException {
    Series series = monitor.stop();
    if (reportDir == null) {
      return new Finished(series, List.of());
    }
    SeriesCsv.write(series, reportDir.resolve(DIR), name);
    List<RunResult> amended = Results.amendSince(reportDir, mark, r -> {
      r.configuration.put(HibenchConfigKeys.MONITOR_SERIES, name);
      return r.utilization(series.over(r.startMs, r.endMs));
    });
    return new Finished(series, amended);
  }

  /** Stops sampling, keeping nothing: for a step that failed. */
  @Override
  public void close() {
    monitor.stop();
  }

  /** What a monitored time gave: its samples, and the records added meanwhile with their utilization. */
  public record Finished(Series series, List<RunResult> records) {
    /** {@code r}'s amended copy's utilization set on {@code r} (the same run: same type, start and end), if there is one. */
    public void copyTo(RunResult r) {
      for (RunResult a : records) {
        if (a.startMs == r.startMs && a.endMs == r.endMs && java.util.Objects.equals(a.type, r.type)) {
          r.utilization.clear();
          r.utilization.putAll(a.utilization);
          r.configuration.put(HibenchConfigKeys.MONITOR_SERIES, a.configuration.get(HibenchConfigKeys.MONITOR_SERIES));
        }
      }
    }
  }
}
