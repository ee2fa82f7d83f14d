package io.hibenchdse.hive.runner;

import io.hibenchdse.core.HibenchConfigKeys;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hibenchdse.node.ChildJvm;
import io.hibenchdse.core.FailureLog;
import io.hibenchdse.core.RunResult;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * Runs HiveBench queries in a JVM of their own, whose class path is Hive's (written by this
 * module's build) and never meets the caller's: the launcher's HDFS, the job jars and Cassandra
 * stay out of it. The child gets the caller's --add-opens flags (bin/hibench and the test
 * configuration keep the one list), HADOOP_CONF_DIR and HIVE_CONF_DIR first on its class path
 * (a cluster's YARN and metastore), and HADOOP_CLASSPATH last.
 */
public final class HiveProcess implements AutoCloseable {
  /** This module's artifact, by which the suite's plan names the jar of HiveBench's queries. */
  public static final String ARTIFACT = "hive-runner";
  private static final ObjectMapper JSON = new ObjectMapper();
  /** Heap of the Hive JVM: Hive and, in local mode, one map or reduce task at a time. */
  static final String HEAP = "-Xmx2g";

  private final Process process;
  /** When {@link #stopNow} first asked, by {@link System#nanoTime}; null before. */
  private Long stopAsked;
  private final BufferedReader answers;
  private final OutputStream commands;

  private HiveProcess(Process process) {
    this.process = process;
    this.answers = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    this.commands = process.getOutputStream();
  }

  /** Runs one query command in a Hive JVM sharing this process's terminal; returns its exit status. */
  public static int runOnce(List<String> args, File log) throws IOException, InterruptedException {
    List<String> command = command(log);
    command.addAll(args);
    return new ProcessBuilder(command).inheritIO().start().waitFor();
  }

  /**
   * Starts a Hive JVM that runs many commands in one session (the metastore schema is made once)
   * with {@code conf} as every command's configuration, under {@code host}: the words that run a
   * command on the cluster's client host, or none for this one.
   */
  public static HiveProcess serve(Configuration conf, File dir, List<String> host) throws IOException {
    Files.createDirectories(dir.toPath());
    File confFile = new File(dir, "hive-runner-conf.xml");
    Configuration c = new Configuration(conf);
    c.set(HiveKeys.SESSION_DIR, new File(dir, "session").getAbsolutePath());
    try (OutputStream out = Files.newOutputStream(confFile.toPath())) {
      c.writeXml(out);
    }
    List<String> command = new ArrayList<>(host);
    command.addAll(command(new File(dir, "hive.log")));
    command.add("--serve");
    command.add(confFile.getAbsolutePath());
    return new HiveProcess(new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start());
  }

  /** A command's exit status and, when it succeeded, its result. */
  public record Outcome(int status, RunResult result) {}

  /** Runs one command in the session; the child's own output lines go to {@code out}. */
  public Outcome run(List<String> args, PrintStream out) throws IOException {
    commands.write((JSON.writeValueAsString(args) + "\n").getBytes(StandardCharsets.UTF_8));
    commands.flush();
    for (String line = answers.readLine(); line != null; line = answers.readLine()) {
      if (line.startsWith(HiveMain.ANSWER)) {
        JsonNode answer = JSON.readTree(line.substring(HiveMain.ANSWER.length()));
        JsonNode result = answer.get("result");
        return new Outcome(answer.get("status").asInt(),
            result == null || result.isNull() ? null : JSON.treeToValue(result, RunResult.class));
      }
      out.println(line);
    }
    throw new IOException("the Hive JVM ended (exit status " + waitQuietly() + ")");
  }

  private int waitQuietly() {
    try {
      return process.waitFor();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return -1;
    }
  }

  /**
   * Stops the JVM now, in the middle of a command: a SIGTERM first (Hive's hooks still run: the
   * partial output is removed, the session's database on a user's metastore dropped), then, asked
   * again {@link ChildJvm#STOP_GRACE_MS} later, a SIGKILL: a hook that asks a ResourceManager which is gone
   * to kill the job would wait out YARN's retries. The command waiting for its answer fails.
   */
  public synchronized void stopNow() {
    long now = System.nanoTime();
    if (stopAsked == null) {
      stopAsked = now;
      process.descendants().forEach(ProcessHandle::destroy);
      process.destroy();
    } else if (now - stopAsked >= java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(ChildJvm.STOP_GRACE_MS)) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
    }
  }

  /** Ends the session (Hive removes its scratch directories) and the JVM. */
  @Override
  public void close() {
    ChildJvm.stop(process, commands, 60);
  }

  private static List<String> command(File log) {
    List<String> command = ChildJvm.command();
    command.add(HEAP);
    command.add("-Djava.awt.headless=true");
    command.add("-Dhibench.hive.log=" + log.getAbsolutePath());
    command.add("-D" + HibenchConfigKeys.LOG_DIR + "=" + FailureLog.dir()); // failure traces beside the launcher's
    command.add("-cp");
    command.add(ChildJvm.clientClassPath(HiveProcess.class, "hive.classpath", "HADOOP_CONF_DIR", "HIVE_CONF_DIR"));
    command.add(HiveMain.class.getName());
    return command;
  }
}
