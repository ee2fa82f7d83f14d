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

  /**
   * System property: the temporary directory ({@code java.io.tmpdir}) of every JVM the suite starts
   * and of theirs (a run sets it under its scratch directory, so Jetty's, Hive's and Spark's scratch
   * goes with it); unset, each child uses the system's.
   */
  public static final String TMP_DIR = "hibench.child.tmpdir";

  /** System property a child gets: its parent's pid, which {@link #exitWithParent} watches. */
  public static final String PARENT_PID = "hibench.parent.pid";

  /** How often a child looks whether its parent is still there. */
  private static final long PARENT_POLL_MS = 500;

  /** The exit status of a child that ended because its parent did: a SIGTERM's, as it stops the same way. */
  private static final int ORPHANED = 143;

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
    command.addAll(options());
    command.addAll(tiedToThisJvm());
    return command;
  }

  /**
   * The options that tie a child to this JVM: its parent's pid, for {@link #exitWithParent}, and the
   * run's temporary directory ({@link #TMP_DIR}), where this JVM has one.
   */
  public static List<String> tiedToThisJvm() {
    List<String> options = new ArrayList<>(List.of("-D" + PARENT_PID + "=" + ProcessHandle.current().pid()));
    String tmp = System.getProperty(TMP_DIR);
    if (tmp != null) {
      options.add("-Djava.io.tmpdir=" + tmp);
      options.add("-D" + TMP_DIR + "=" + tmp);
    }
    return options;
  }

  /**
   * {@link #command()}'s JVM options, without what ties a child to this JVM (its parent's pid, the
   * run's temporary directory): the options of a task JVM that YARN starts.
   */
  public static List<String> options() {
    List<String> options = new ArrayList<>();
    for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (arg.startsWith("--add-opens") || arg.startsWith("--add-exports") || arg.equals("-XX:+IgnoreUnrecognizedVMOptions")
          || arg.startsWith("-Dhibench.") && !arg.startsWith("-D" + EXTRA_OPTIONS + "=") && !arg.startsWith("-D" + PARENT_PID + "=")
          && !arg.startsWith("-D" + TMP_DIR + "=")) {
        options.add(arg);
      }
    }
    List<String> extra = extraOptions();
    if (!extra.isEmpty()) {
      options.addAll(extra);
      options.add("-D" + EXTRA_OPTIONS + "=" + String.join(" ", extra));
    }
    return options;
  }

  /** The directory for this JVM's and its children's temporary files: {@link #TMP_DIR}'s, else the system's. */
  public static Path tempDir() {
    return Path.of(System.getProperty(TMP_DIR, System.getProperty("java.io.tmpdir")));
  }

  /**
   * In a child started by {@link #command()}: ends this JVM, its shutdown hooks run, once its parent
   * is gone, however the parent ended (a SIGKILL runs no hook of the parent's), and halts it should
   * those hooks not end within {@link #STOP_GRACE_MS}. Nothing is watched in a JVM started otherwise.
   */
  public static void exitWithParent() {
    String pid = System.getProperty(PARENT_PID);
    if (pid == null) {
      return;
    }
    // the handle holds the parent's start time: a pid used again by another process is not the parent
    java.util.Optional<ProcessHandle> parent = ProcessHandle.of(Long.parseLong(pid));
    Thread watch = new Thread(() -> {
      try {
        while (parent.map(ProcessHandle::isAlive).orElse(false)) {
          Thread.sleep(PARENT_POLL_MS);
        }
        Thread exit = new Thread(() -> System.exit(ORPHANED), "parent-gone-exit");
        exit.setDaemon(true);
        exit.start();
        Thread.sleep(STOP_GRACE_MS);
        Runtime.getRuntime().halt(ORPHANED);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "parent-pid-watch");
    watch.setDaemon(true);
    watch.start();
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
    // the process's own end is waited for too, so its exit status is there for the caller
    boolean interrupted = stopTree(() -> Stream.concat(process.descendants(), Stream.of(process.toHandle())).toList());
    while (true) {
      try {
        process.waitFor();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Stops every process under this JVM as {@link #stopWithGrace} stops a child, and returns once
   * they are gone: what a run does when it is stopped.
   */
  public static void stopDescendants() {
    if (stopTree(() -> ProcessHandle.current().descendants().toList())) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * A SIGTERM to each process {@code tree} lists, then a SIGKILL to those left {@link #STOP_GRACE_MS}
   * later and to those it lists then (started since); waits until all are gone, at most
   * {@link #REAP_MS} more; true if interrupted meanwhile (not cut short).
   */
  private static boolean stopTree(java.util.function.Supplier<List<ProcessHandle>> tree) {
    List<ProcessHandle> stopped = new ArrayList<>(tree.get());
    stopped.forEach(ProcessHandle::destroy);
    boolean interrupted = awaitGone(stopped, STOP_GRACE_MS);
    stopped.addAll(tree.get());
    stopped.forEach(ProcessHandle::destroyForcibly);
    // a killed descendant is gone only once its new parent (init) has reaped it: on a loaded
    // machine that comes a moment after the child's own end
    interrupted |= awaitGone(stopped, REAP_MS);
    return interrupted;
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
