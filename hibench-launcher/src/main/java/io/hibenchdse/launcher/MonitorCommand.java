package io.hibenchdse.launcher;

import io.hibenchdse.core.Results;
import io.hibenchdse.core.UsageException;
import io.hibenchdse.launcher.suite.PendingRecords;
import io.hibenchdse.launcher.suite.RunMonitor;
import io.hibenchdse.monitor.Hosts;
import io.hibenchdse.monitor.SeriesCsv;
import io.hibenchdse.monitor.Monitor;
import io.hibenchdse.monitor.Utilization;
import io.hibenchdse.monitor.UtilizationJson;
import io.hibenchdse.monitor.UtilizationTable;
import io.hibenchdse.monitor.WatchedProcess;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bin/hibench monitor}: any command (a stock tool, a {@code hadoop jar} line, a script) under
 * the suite's sampler, so a stock tool and the suite's are measured with one instrument.
 */
@Command(name = "monitor", mixinStandardHelpOptions = true,
    description = {"Runs COMMAND while sampling this machine (and --hosts over ssh): prints what they and the command used",
        "when it ends, and exits with its status."})
final class MonitorCommand implements Callable<Integer> {
  @Option(names = "--interval", defaultValue = "1000", paramLabel = "MS", description = "Sampling interval (default: ${DEFAULT-VALUE}).")
  long intervalMs;

  @Option(names = "--json", paramLabel = "FILE", description = "Also write the figures to FILE as JSON.")
  Path json;

  @Option(names = "--hosts", split = ",", paramLabel = "H1,H2,...",
      description = "Workers to sample over ssh ([user@]host[:port]), as HiBench's monitor does (default: $" + Hosts.ENVIRONMENT + ").")
  List<String> hosts;

  @Option(names = "--report-dir", paramLabel = "DIR", description = "A report directory: the records of the suite's tools the command"
      + " runs (with -D hibench.report.dir) go to DIR/hibench.jsonl with what was used over their own time, and the samples to DIR/"
      + SeriesCsv.DIR + "/.")
  Path reportDir;

  @Parameters(arity = "1..*", paramLabel = "COMMAND", description = "The command and its arguments (after --).")
  List<String> command = new ArrayList<>();

  private final PrintStream out;

  MonitorCommand(PrintStream out) {
    this.out = out;
  }

  @Override
  public Integer call() throws Exception {
    try {
      Monitor.checkedInterval(intervalMs);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--interval " + e.getMessage());
    }
    List<String> workers = hosts != null ? hosts : Hosts.fromEnvironment();
    try {
      Hosts.checked(workers);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--hosts: " + e.getMessage());
    }
    AtomicReference<Process> started = new AtomicReference<>();
    // the command's records wait apart until the samples over them are known (Results.RECORDS_DIR_ENV)
    try (PendingRecords pending = reportDir == null ? null : PendingRecords.under(Path.of(System.getProperty("java.io.tmpdir")))) {
      RunMonitor monitor = RunMonitor.start(intervalMs, notSampled -> Hosts.of(workers, notSampled),
          () -> started.get() == null ? List.of() : List.of(new WatchedProcess("command", started.get().toHandle(), true)), out);
      int status;
      try {
        ProcessBuilder launch = new ProcessBuilder(command).inheritIO();
        if (pending != null) {
          launch.environment().put(Results.RECORDS_DIR_ENV, pending.dir().toString());
        }
        Process p = launch.start();
        started.set(p);
        status = p.waitFor();
      } catch (IOException e) {
        monitor.close();
        throw new UsageException("cannot run " + command.get(0) + ": " + e.getMessage());
      }
      RunMonitor.Finished finished = monitor.finish(reportDir, "monitor-" + System.currentTimeMillis());
      if (pending != null) {
        pending.publish(reportDir, finished, Map.of());
      }
      print(finished.series().whole());
      return status;
    }
  }

  private void print(Utilization u) throws IOException {
    UtilizationTable.print(u, out);
    if (json != null) {
      UtilizationJson.write(u, json);
    }
  }
}
