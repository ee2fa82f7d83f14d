package io.hibenchdse.node;

import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A JVM this one starts (a DataNode, Hive, a YCSB client, a Cassandra node, HBase): its java, its
 * class path as its module's build wrote it, and its stop. Every child of the suite is started and
 * stopped through here.
 */
public final class ChildJvm {
  /**
   * System property: more JVM options for every JVM the suite starts, space-separated, handed on to
   * their own children. The tests set {@code -XX:TieredStopAtLevel=1}: their JVMs live seconds, and
   * C1 alone cuts a short Hadoop JVM's CPU by about a third, and on a 2-core machine CPU is the tests' time.
   */
  public static final String EXTRA_OPTIONS = "hibench.child.jvm";

  private ChildJvm() {}

  /**
   * {@code p}'s command line, read from {@code /proc/PID/cmdline}: the JDK's own ({@code
   * ProcessHandle.Info}) ends at 4096 bytes, before a JVM's main class where its class path is long.
   * Empty once {@code p} has ended.
   */
  public static List<String> commandLine(ProcessHandle p) {
    try {
      return List.of(new String(java.nio.file.Files.readAllBytes(Path.of("/proc", Long.toString(p.pid()), "cmdline")),
          StandardCharsets.UTF_8).split("\u0000"));
    } catch (IOException e) {
      return List.of();
    }
  }

  /** The java binary this JVM runs on. */
  public static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /**
   * The start of a command line for a child that runs wherever its parent does: the same java, with
   * the module flags Hadoop needs on JDK 17 and the suite's own switches ({@code -Dhibench.*}, such
   * as the stack-trace switch) as this JVM got them (bin/hibench, the tests, the benchmarks each set
   * them), and the options of {@link #EXTRA_OPTIONS}.
   */
  public static List<String> command() {
    List<String> command = new ArrayList<>();
    command.add(java());
    for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (arg.startsWith("--add-opens") || arg.startsWith("--add-exports") || arg.equals("-XX:+IgnoreUnrecognizedVMOptions")
          || arg.startsWith("-Dhibench.") && !arg.startsWith("-D" + EXTRA_OPTIONS + "=")) {
        command.add(arg);
      }
    }
    List<String> extra = extraOptions();
    if (!extra.isEmpty()) {
      command.addAll(extra);
      command.add("-D" + EXTRA_OPTIONS + "=" + String.join(" ", extra));
    }
    return command;
  }

  /** The options of {@link #EXTRA_OPTIONS}, none when it is not set. */
  public static List<String> extraOptions() {
    return options(EXTRA_OPTIONS);
  }

  /** The JVM options a system property holds, space-separated; none when it is not set. */
  public static List<String> options(String property) {
    String options = System.getProperty(property, "").trim();
    return options.isEmpty() ? List.of() : List.of(options.split("\\s+"));
  }

  /**
   * The class path a module's build wrote for a JVM of its own: the module's classes (where
   * {@code owner} was loaded from), then the entries listed in the resource {@code listing} beside
   * {@code owner}.
   */
  public static List<String> moduleClassPath(Class<?> owner, String listing) {
    List<String> entries = new ArrayList<>();
    try {
      entries.add(Path.of(owner.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    entries.addAll(listedClassPath(owner, listing));
    return entries;
  }

  /**
   * The class path of a client JVM of a module's own, built as Hadoop's scripts build theirs: the
   * configuration directories the environment variables {@code confDirs} name (a cluster's
   * {@code HADOOP_CONF_DIR}) first, then {@link #moduleClassPath}, then {@code HADOOP_CLASSPATH}.
   */
  public static String clientClassPath(Class<?> owner, String listing, String... confDirs) {
    List<String> entries = new ArrayList<>();
    for (String variable : confDirs) {
      addSet(entries, System.getenv(variable));
    }
    entries.addAll(moduleClassPath(owner, listing));
    addSet(entries, System.getenv("HADOOP_CLASSPATH"));
    return String.join(File.pathSeparator, entries);
  }

  private static void addSet(List<String> entries, String value) {
    if (value != null && !value.isEmpty()) {
      entries.add(value);
    }
  }

  /** The entries listed in the resource {@code listing} beside {@code owner}: a module's dependencies as its build resolved them. */
  public static List<String> listedClassPath(Class<?> owner, String listing) {
    return resourceLines(owner, listing).stream().flatMap(l -> Stream.of(l.split(File.pathSeparator))).toList();
  }

  /** The lines of a resource beside {@code owner}, blank lines and {@code #} comments left out. */
  public static List<String> resourceLines(Class<?> owner, String name) {
    try (InputStream in = owner.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + name + " (build " + owner.getPackageName() + "'s module with Maven)");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
          .map(String::trim).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Stops a child that ends when its standard input does (see {@link #stop(Process, Closeable, long)}). */
  public static void stop(Process process, long seconds) {
    if (process != null) {
      stop(process, process.getOutputStream(), seconds);
    }
  }

  /**
   * Stops a child that ends when its standard input does: closes {@code stdin} (the process's own,
   * or a writer over it), waits up to {@code seconds} for it to finish cleanly, then kills it, and
   * returns once it is gone.
   */
  public static void stop(Process process, Closeable stdin, long seconds) {
    try {
      stdin.close();
      if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (IOException e) {
      process.destroyForcibly();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
    waitFor(process);
  }

  /**
   * How long a child asked to stop (SIGTERM) has for its own clean-up before it is killed: a Hadoop
   * client's stop hook that asks a ResourceManager which is gone to kill its job would otherwise
   * wait out YARN's retries, minutes after the run ended.
   */
  public static final long STOP_GRACE_MS = 10_000;

  /** How long a stop waits, after the child's end, for its killed descendants to be reaped. */
  private static final long REAP_MS = 5_000;

  /**
   * Waits for a child and returns its exit status. Should this JVM stop meanwhile (SIGTERM, Ctrl-C),
   * or the wait be interrupted, the child is stopped as {@link #stopWithGrace} stops it, so none
   * outlives this JVM or the step it ran.
   */
  public static int awaitWithThisJvm(Process process) throws IOException, InterruptedException {
    Thread stop = new Thread(() -> stopWithGrace(process), "child-stop");
    try {
      Runtime.getRuntime().addShutdownHook(stop);
    } catch (IllegalStateException shuttingDown) {
      stop.run();
      throw new IOException("this JVM is stopping");
    }
    try {
      return process.waitFor();
    } finally {
      if (process.isAlive()) {
        stopWithGrace(process);
      }
      try {
        Runtime.getRuntime().removeShutdownHook(stop);
      } catch (IllegalStateException shuttingDown) {
        // the hook runs, or has run
      }
    }
  }

  /**
   * Stops a child and its descendants: a SIGTERM first, so each cleans up as a stopped run does
   * (partial output removed), then, those still running {@link #STOP_GRACE_MS} later, a SIGKILL.
   * Returns once the child is gone and its descendants too (at most {@link #REAP_MS} after it); an
   * interrupt meanwhile does not cut the wait short (it is kept for the caller).
   */
  public static void stopWithGrace(Process process) {
    List<ProcessHandle> tree = new ArrayList<>(process.descendants().toList());
    tree.forEach(ProcessHandle::destroy);
    process.destroy();
    tree.add(process.toHandle());
    boolean interrupted = awaitGone(tree, STOP_GRACE_MS);
    if (process.isAlive()) {
      tree.addAll(process.descendants().toList()); // started since the SIGTERM
    }
    tree.forEach(ProcessHandle::destroyForcibly);
    while (true) {
      try {
        process.waitFor();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    // a killed descendant is gone only once its new parent (init) has reaped it: on a loaded
    // machine that comes a moment after the child's own end
    interrupted |= awaitGone(tree, REAP_MS);
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /** Waits at most {@code ms} until every process of {@code tree} is gone; true if interrupted meanwhile (not cut short). */
  private static boolean awaitGone(List<ProcessHandle> tree, long ms) {
    boolean interrupted = false;
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ms);
    while (tree.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < deadline) {
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    return interrupted;
  }

  /** Kills the child as {@code kill -9} would and waits until it is gone. */
  public static void kill(Process process) {
    process.destroyForcibly();
    waitFor(process);
  }

  private static void waitFor(Process p) {
    try {
      p.waitFor();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
