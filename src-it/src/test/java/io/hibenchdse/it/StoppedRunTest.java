package io.hibenchdse.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.hosts.HostsCluster;
import io.hibenchdse.node.ChildJvm;
import io.hibenchdse.tiers.FullTier;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code bin/hibench run} stopped in the middle of each kind of step, as a user stops it (SIGTERM
 * from kill, timeout or a CI runner; Ctrl-C, a SIGINT to the terminal's process group; SIGKILL),
 * leaves nothing: no process of the run, no scratch directory, nothing new in its temporary
 * directory, and says which step it stopped.
 */
@FullTier
class StoppedRunTest {
  /** How soon after a SIGTERM or SIGINT nothing of the run is left. */
  private static final long STOPPED_WITHIN_MS = 20_000;
  /** How soon after the launcher's SIGKILL its children are gone. */
  private static final long ORPHANS_GONE_WITHIN_MS = 30_000;

  @TempDir
  Path dir;

  /** Where the run is when it is stopped: a line of its console after its measured step's, or a JVM under it. */
  private record Moment(String stepLine, String line, String process) {
    static Moment line(String step, String line) {
      return new Moment(step, line, null);
    }

    static Moment jvm(String step, String mainClass) {
      return new Moment(step, null, mainClass);
    }
  }

  static Stream<Arguments> kindsOfStep() {
    String ycsb = LauncherTest.HOME.resolve("conf/ycsb").toString();
    return Stream.of(
        Arguments.of("a MapReduce job", "wordcount", Moment.line("[2/2]", "wordcount job_"), List.of()),
        Arguments.of("DFSIOE", "dfsioe-write", Moment.line("[1/1]", "dfsioe job_"), List.of()),
        Arguments.of("TPCx-HS", "tpcxhs", Moment.line("[1/1]", "hssort job_"), List.of()),
        Arguments.of("a Hive query", "aggregation", Moment.line("[2/2]", "aggregation: Hive embedded"), List.of()),
        Arguments.of("a Spark job", "spark-wordcount", Moment.jvm("[2/2]", "io.hibenchdse.spark.SparkMain"), List.of()),
        Arguments.of("a YCSB phase on HBase", "ycsb-a", Moment.jvm("[1/3]", "io.hibenchdse.ycsb.YcsbMain"),
            List.of("--ycsb-workloads", ycsb)),
        Arguments.of("a YCSB phase on Cassandra", "ycsb-a", Moment.jvm("[1/3]", "io.hibenchdse.ycsb.YcsbMain"),
            List.of("--ycsb-workloads", ycsb, "--target", "cfs")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("kindsOfStep")
  void sigtermInTheMiddleOfAStepLeavesNothing(String kind, String workload, Moment moment, List<String> args) throws Exception {
    Run run = Run.start(dir, workload, args);
    String step = run.await(moment);
    run.signal("TERM", run.process.pid());
    run.assertStopped(143, "SIGTERM", step);
  }

  @Test
  void ctrlCToTheProcessGroupLeavesNothing() throws Exception {
    Run run = Run.start(dir, "wordcount", List.of());
    String step = run.await(Moment.line("[2/2]", "wordcount job_"));
    // as a terminal's Ctrl-C: every process of the group gets it, the launcher's children too
    run.signal("INT", -run.process.pid());
    run.assertStopped(130, "SIGINT", step);
  }

  @Test
  void aKilledLaunchersChildrenStopAndTheNextRunRemovesItsScratch() throws Exception {
    Run run = Run.start(dir, "spark-wordcount", List.of());
    run.await(Moment.jvm("[2/2]", "io.hibenchdse.spark.SparkMain"));
    List<ProcessHandle> children = run.process.descendants().toList();
    List<Path> scratch = run.scratch();
    assertEquals(1, scratch.size(), scratch.toString());
    run.process.destroyForcibly(); // SIGKILL: no hook of the launcher's runs
    long signalled = System.currentTimeMillis();
    assertTrue(run.process.waitFor(10, TimeUnit.SECONDS));
    // the DataNode's JVM sees its input end; the Spark JVM sees its parent's pid gone
    run.awaitGone(children, signalled + ORPHANS_GONE_WITHIN_MS);
    System.out.printf("a SIGKILL: the run's %d processes gone after %.1f s%n", children.size(),
        (System.currentTimeMillis() - signalled) / 1000.0);
    assertEquals(scratch, run.scratch(), "the killed run's scratch directory is left, for the next run");

    Run next = Run.start(dir, "wordcount", List.of());
    assertEquals(0, next.process.waitFor(), next.console());
    List<String> lines = next.consoleLines();
    assertTrue(lines.contains("hibench run: removed " + scratch.get(0) + ", the scratch directory of a stopped run (pid "
        + run.process.pid() + ")"), lines.toString());
    assertEquals(List.of(), next.scratch());
  }

  @Test
  void sigtermInAMapReduceStepOnHostsLeavesNothing() throws Exception {
    Run run = Run.start(dir, "wordcount", List.of("--hosts", "2"));
    String step = run.await(Moment.line("[2/2]", "wordcount job_"));
    run.signal("TERM", run.process.pid());
    run.assertStopped(143, "SIGTERM", step);
    HostsClusterTest.assertNothingLeft(run.process.pid(), "hibench-" + run.process.pid() + "-" + HostsCluster.MASTER);
  }

  /** A run of one workload at tiny, in its own process group, with a temporary directory of its own. */
  private static final class Run {
    final Process process;
    final Path work;
    final Path tmp;
    final File console;
    final Set<String> tmpBefore;
    /** The run's processes when it was signalled. */
    List<ProcessHandle> stopped = List.of();
    long signalledMs;

    private Run(Process process, Path work, Path tmp, File console, Set<String> tmpBefore) {
      this.process = process;
      this.work = work;
      this.tmp = tmp;
      this.console = console;
      this.tmpBefore = tmpBefore;
    }

    static Run start(Path dir, String workload, List<String> args) throws IOException {
      Path list = Files.writeString(dir.resolve(workload + ".lst"), workload + "\n");
      Path work = dir.resolve("work");
      Path tmp = Files.createDirectories(dir.resolve("tmp"));
      File console = Files.createTempFile(dir, "console-", ".txt").toFile();
      List<String> command = new ArrayList<>(List.of("setsid", LauncherTest.HOME.resolve("bin/hibench").toString(), "run",
          "--benchmarks", list.toString(), "--runs", "1", "--warmup", "0", "--work-dir", work.toString(),
          "--report-dir", dir.resolve("report").toString()));
      command.addAll(args);
      // setsid: the run leads a process group of its own, as a terminal's foreground job does
      ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(console);
      builder.environment().put("HADOOP_OPTS", "-Djava.io.tmpdir=" + tmp);
      return new Run(builder.start(), work, tmp, console, entries(tmp));
    }

    /** Waits for {@code moment} and returns the step's line; fails if the run ends first. */
    String await(Moment moment) throws Exception {
      long deadline = System.currentTimeMillis() + 600_000;
      while (process.isAlive() && System.currentTimeMillis() < deadline) {
        List<String> lines = consoleLines();
        int step = -1;
        for (int i = 0; i < lines.size(); i++) {
          if (lines.get(i).startsWith(moment.stepLine() + " ")) {
            step = i;
          }
        }
        if (step >= 0 && (moment.line() != null ? lines.subList(step + 1, lines.size()).stream().anyMatch(l -> l.startsWith(moment.line()))
            : process.descendants().anyMatch(h -> ChildJvm.commandLine(h).contains(moment.process())))) {
          return lines.get(step);
        }
        Thread.sleep(50);
      }
      throw new AssertionError("the run did not reach " + moment + ": " + console());
    }

    /** Sends signal {@code name} to process {@code pid} (negative: to that process group), noting the run's processes then. */
    void signal(String name, long pid) throws Exception {
      stopped = process.descendants().toList();
      signalledMs = System.currentTimeMillis();
      assertEquals(0, new ProcessBuilder("kill", "-" + name, "--", Long.toString(pid)).inheritIO().start().waitFor());
    }

    /**
     * Within {@link #STOPPED_WITHIN_MS} of the signal: the launcher ended with {@code status}, having
     * said that {@code signal} stopped the step of {@code stepLine} and that its scratch directory
     * was removed; none of its processes is left, nor its scratch directory, nor anything new in
     * its temporary directory but the user's log directory.
     */
    void assertStopped(int status, String signal, String stepLine) throws Exception {
      long deadline = signalledMs + STOPPED_WITHIN_MS;
      assertTrue(process.waitFor(Math.max(1, deadline - System.currentTimeMillis()), TimeUnit.MILLISECONDS),
          "the launcher still runs " + STOPPED_WITHIN_MS / 1000 + " s after the signal: " + console());
      assertEquals(status, process.exitValue(), console());
      awaitGone(stopped, deadline);
      // [2/2] tiny      wordcount  run 1: ...  ->  [2/2] wordcount run 1
      String[] words = stepLine.split("\\s+");
      String named = words[0] + " " + words[2] + " " + words[3] + " " + words[4].replace(":", "");
      System.out.printf("%s by %s: the run's %d processes gone %.1f s after the signal%n", named, signal, stopped.size(),
          (System.currentTimeMillis() - signalledMs) / 1000.0);
      List<String> lines = consoleLines();
      assertTrue(lines.contains("hibench run: stopped by " + signal + " while " + named + " ran: no record for it"), console());
      assertTrue(lines.stream().anyMatch(l -> l.startsWith("hibench run: removed its scratch directory ")), console());
      assertTrue(lines.stream().noneMatch(l -> l.startsWith("\tat ")), "no stack trace: " + console());
      assertEquals(List.of(), scratch());
      Set<String> tmpAfter = entries(tmp);
      tmpAfter.removeAll(tmpBefore);
      tmpAfter.remove("hibench-logs-" + System.getProperty("user.name"));
      assertEquals(Set.of(), tmpAfter, "new in the run's temporary directory");
    }

    /**
     * Waits until none of {@code processes} runs, nor any process whose command line names the run's
     * work directory (every JVM the run starts has its temporary directory there), until {@code deadlineMs}.
     */
    void awaitGone(List<ProcessHandle> processes, long deadlineMs) throws InterruptedException {
      List<String> left = List.of();
      while (System.currentTimeMillis() < deadlineMs) {
        left = Stream.concat(processes.stream().filter(ProcessHandle::isAlive), ProcessHandle.allProcesses()
                .filter(h -> h.pid() != ProcessHandle.current().pid() && String.join(" ", ChildJvm.commandLine(h)).contains(work.toString())))
            .filter(ProcessHandle::isAlive).distinct().map(h -> h.pid() + " " + String.join(" ", ChildJvm.commandLine(h))).toList();
        if (left.isEmpty()) {
          return;
        }
        Thread.sleep(100);
      }
      throw new AssertionError("still running " + (deadlineMs - signalledMs) / 1000 + " s after the signal: " + left);
    }

    /** The run directories under the work directory. */
    List<Path> scratch() throws IOException {
      if (!Files.isDirectory(work)) {
        return List.of();
      }
      try (Stream<Path> runs = Files.list(work)) {
        return runs.filter(p -> p.getFileName().toString().startsWith("run-")).sorted().toList();
      }
    }

    List<String> consoleLines() throws IOException {
      return Files.readAllLines(console.toPath());
    }

    String console() throws IOException {
      return Files.readString(console.toPath());
    }

    private static Set<String> entries(Path dir) throws IOException {
      try (Stream<Path> files = Files.list(dir)) {
        return new TreeSet<>(files.map(p -> p.getFileName().toString()).toList());
      }
    }
  }
}
