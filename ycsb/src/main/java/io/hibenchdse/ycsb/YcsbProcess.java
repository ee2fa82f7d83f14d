package io.hibenchdse.ycsb;

import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.node.ChildJvm;
import io.hibenchdse.core.FailureLog;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Runs one YCSB phase in a JVM of its own whose class path is YCSB's core and the binding's
 * (written by this module's build), as YCSB's own {@code bin/ycsb} does: YCSB's output goes through
 * line by line, and the figures its client exports become the phase's {@link YcsbMetrics}.
 */
public final class YcsbProcess {
  /** This module's artifact, by which the suite's plan names the jar of YCSB's phases. */
  public static final String ARTIFACT = "ycsb";
  /** YCSB's two phases and the Client flag for each. */
  public enum Phase {
    load("-load"), run("-t");

    final String flag;

    Phase(String flag) {
      this.flag = flag;
    }
  }

  /** Percentiles asked of YCSB's histograms unless the command line asks for others. */
  static final String PERCENTILES = "50,95,99,99.9";
  static final String HEAP = "-Xmx1g";

  /** Phases of at most this many operations run their client with the quick compiler only. */
  static final long SHORT_PHASE = 10_000;

  private YcsbProcess() {}

  /**
   * The YCSB JVM's options, recorded with the phase: the heap, and for a short phase (at most
   * {@value #SHORT_PHASE} operations) C1 alone. A short phase ends before C2's code would pay for
   * its compiling, which on two cores takes the CPU the client and the nodes need: a 1,000-operation
   * phase takes half the time (1.1 s against 2.1 s) with C1 alone.
   */
  public static List<String> jvmOptions(Phase phase, YcsbArgs args) {
    java.util.Properties p = args.properties();
    String count = phase == Phase.load ? p.getProperty("insertcount", p.getProperty("recordcount", "0"))
        : p.getProperty("operationcount", "0");
    long operations;
    try {
      operations = Long.parseLong(count.trim());
    } catch (NumberFormatException e) {
      operations = Long.MAX_VALUE; // YCSB refuses it in a moment, with its own words
    }
    return operations <= SHORT_PHASE ? List.of(HEAP, "-XX:TieredStopAtLevel=1") : List.of(HEAP);
  }

  /** The phase's exit status, its parsed arguments and, when the status is 0, what it measured. */
  public record Outcome(int status, YcsbArgs args, YcsbMetrics metrics) {}

  /**
   * Runs {@code phase} with YCSB's arguments {@code args} against {@code binding}; YCSB's standard
   * output goes to {@code out} and its standard error (status lines, one-line refusals) to
   * {@code err}, line by line as they come.
   */
  public static Outcome run(Phase phase, Binding binding, List<String> args, PrintStream out, PrintStream err)
      throws IOException, InterruptedException {
    return run(List.of(), phase, binding, args, out, err);
  }

  /**
   * {@link #run(Phase, String, List, PrintStream, PrintStream)} with the YCSB JVM started after
   * {@code onHost}, the words that put it on a host of the cluster (its network, where the servers'
   * names resolve).
   */
  public static Outcome run(List<String> onHost, Phase phase, Binding binding, List<String> args, PrintStream out, PrintStream err)
      throws IOException, InterruptedException {
    YcsbArgs parsed = YcsbArgs.parse(args);
    List<String> command = new java.util.ArrayList<>(onHost);
    command.addAll(ChildJvm.command());
    command.addAll(jvmOptions(phase, parsed));
    command.add("-D" + HibenchConfigKeys.LOG_DIR + "=" + FailureLog.dir());
    Path cpu = Files.createTempFile(ChildJvm.tempDir(), "ycsb-cpu", ".txt");
    command.add("-D" + YcsbMain.CPU_FILE + "=" + cpu);
    Path exported = Files.createTempFile(ChildJvm.tempDir(), "ycsb-metrics", ".json");
    command.add("-D" + MetricsExporter.FILE + "=" + exported);
    // the driver's notices of nodes it cannot reach are the binding's errors, counted and named there
    command.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=error");
    command.add("-Dlog4j.configuration=" + YcsbProcess.class.getResource("log4j-ycsb.properties"));
    command.addAll(List.of("-cp", classPath(binding), "io.hibenchdse.ycsb.YcsbMain", phase.flag, "-db", binding.dbClass()));
    if (!parsed.has("hdrhistogram.percentiles")) {
      command.addAll(List.of("-p", "hdrhistogram.percentiles=" + PERCENTILES));
    }
    if (parsed.target != null && !parsed.has("measurement.interval")) {
      // at a target rate a slow answer delays the next request: latency from the intended start
      // time too (Intended-READ, ...), so the client's own backlog is not hidden (coordinated omission)
      command.addAll(List.of("-p", "measurement.interval=both"));
    }
    command.addAll(args);
    Process p = new ProcessBuilder(command).start();
    Thread errors = new Thread(() -> copy(p.getErrorStream(), err, "stderr"), "ycsb-stderr");
    errors.start();
    Thread output = new Thread(() -> copy(p.getInputStream(), out, "stdout"), "ycsb-stdout");
    output.start();
    // stopped with this JVM (SIGTERM, Ctrl-C): a client retrying a store that is gone would not end
    int status = ChildJvm.awaitWithThisJvm(p);
    output.join();
    errors.join();
    String cpuNanos = Files.readString(cpu).strip();
    Files.delete(cpu);
    YcsbMetrics metrics = null;
    try {
      if (status == 0) {
        if (Files.size(exported) == 0) {
          throw new IOException("YCSB's client ended well but exported no figures to " + exported);
        }
        metrics = new com.fasterxml.jackson.databind.ObjectMapper().readValue(exported.toFile(), YcsbMetrics.class);
        metrics.phase = phase.name();
        metrics.binding = binding.ycsbName();
        if (!cpuNanos.isEmpty()) {
          metrics.clientCpuSec = Long.parseLong(cpuNanos) / 1e9;
        }
        metrics.done();
      }
    } finally {
      Files.delete(exported);
    }
    return new Outcome(status, parsed, metrics);
  }

  private static void copy(InputStream from, PrintStream to, String stream) {
    try (BufferedReader lines = new BufferedReader(new InputStreamReader(from, StandardCharsets.UTF_8))) {
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        to.println(line);
      }
    } catch (IOException e) {
      to.println("ycsb: lost the YCSB JVM's " + stream + ": " + e.getMessage());
    }
  }

  /** YCSB's core and the bindings' class path, and for hbase2 HBase's client with the build's Hadoop. */
  private static String classPath(Binding binding) {
    List<String> cp = new java.util.ArrayList<>(ChildJvm.moduleClassPath(YcsbProcess.class, "ycsb.classpath"));
    if (binding == Binding.HBASE2) {
      cp.addAll(io.hibenchdse.hbase.LocalHBase.clientClassPath());
    }
    return String.join(java.io.File.pathSeparator, cp);
  }
}
