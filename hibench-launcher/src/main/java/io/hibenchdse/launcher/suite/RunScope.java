package io.hibenchdse.launcher.suite;

import io.hibenchdse.node.ChildJvm;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.PrintStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.service.launcher.IrqHandler;
import org.apache.hadoop.util.ShutdownHookManager;

/**
 * What one run of the suite owns on this machine, and its release however the run ends. It owns the
 * run's scratch directory (the embedded storage's files, the engines' local data, and the temporary
 * directory of every JVM the run starts, {@link ChildJvm#TMP_DIR}), what is started on it (the
 * deployment, the engines' JVMs and stores), and every process started under this JVM. At the run's
 * end or on an error, {@link #close} releases them in reverse order; on SIGTERM, Ctrl-C or an exit
 * meanwhile, a shutdown hook does, after killing what still runs; a child whose launcher is killed
 * outright stops itself ({@link ChildJvm#exitWithParent}), and the next run removes the scratch
 * directory left behind, saying so.
 */
public final class RunScope implements AutoCloseable {
  /** The file in a scratch directory that names the launcher owning it: its pid and start time. */
  static final String OWNER = "owner";
  private static final String PREFIX = "run-";
  /** After CleanStop's hook (the jobs killed, their partial outputs removed), before the file systems close. */
  private static final int HOOK_PRIORITY = FileSystem.SHUTDOWN_HOOK_PRIORITY + 5;
  private static final long HOOK_TIMEOUT_SEC = 60;
  /** How long a stop waits for each owned thing to be released, their processes being gone already. */
  private static final long RELEASE_WAIT_MS = 10_000;

  /** The signal that stopped this JVM (SIGTERM, SIGINT), once one did. */
  private static volatile String signal;
  private static boolean signalsBound;

  private final Path dir;
  /** Whether the run made its work directory, which goes too once empty. */
  private final boolean madeWorkDir;
  private final PrintStream out;
  private final Deque<Owned<?>> owned = new ArrayDeque<>();
  private final Runnable hook = this::stopped;
  private final String previousTmpDir;
  /** Set by the shutdown hook as it starts. */
  private boolean stopping;
  /** The step under way, as its line names it, or null between steps. */
  private volatile String step;

  private RunScope(Path dir, boolean madeWorkDir, PrintStream out) {
    this.dir = dir;
    this.madeWorkDir = madeWorkDir;
    this.out = out;
    this.previousTmpDir = System.getProperty(ChildJvm.TMP_DIR);
  }

  /**
   * Opens a run's scope in a new scratch directory under {@code workDir}, first removing the scratch
   * directories of runs whose launcher is gone (said on {@code out}).
   */
  public static RunScope open(Path workDir, PrintStream out) throws IOException {
    for (String removed : removeLeftovers(workDir)) {
      out.println("hibench run: removed " + removed);
    }
    boolean madeWorkDir = !Files.exists(workDir);
    RunScope scope = new RunScope(workDir.resolve(PREFIX + System.currentTimeMillis()), madeWorkDir, out);
    // the hook first: a stop from now on finds the directory made whole, or not at all
    bindSignals();
    ShutdownHookManager.get().addShutdownHook(scope.hook, HOOK_PRIORITY, HOOK_TIMEOUT_SEC, TimeUnit.SECONDS);
    scope.make();
    System.setProperty(ChildJvm.TMP_DIR, scope.dir.resolve("tmp").toAbsolutePath().toString());
    return scope;
  }

  /** Makes the scratch directory, with the file naming its owner, unless the run is stopping already. */
  private synchronized void make() throws IOException {
    if (stopping) {
      throw new InterruptedIOException("stopping");
    }
    Files.createDirectories(dir.resolve("tmp"));
    ProcessHandle self = ProcessHandle.current();
    Properties owner = new Properties();
    owner.setProperty("pid", Long.toString(self.pid()));
    self.info().startInstant().ifPresent(t -> owner.setProperty("start", t.toString()));
    try (var w = Files.newBufferedWriter(dir.resolve(OWNER))) {
      owner.store(w, "the launcher that owns this run's scratch directory");
    }
  }

  /** The run's scratch directory. */
  public Path dir() {
    return dir;
  }

  /** Takes {@code resource} into the run's keeping: released by its own close, or by the run's stop. */
  public <T extends AutoCloseable> Owned<T> own(T resource) {
    Owned<T> o = new Owned<>(resource);
    synchronized (owned) {
      owned.push(o);
    }
    return o;
  }

  /** A step has started, named as its line names it; null: none is under way. */
  public void step(String line) {
    step = line;
  }

  /**
   * A thing of the run's that is released once, by whichever comes first: its own close, or the
   * run's stop; the other waits until it is released.
   */
  public final class Owned<T extends AutoCloseable> implements AutoCloseable {
    private final T resource;
    private boolean released;

    private Owned(T resource) {
      this.resource = resource;
    }

    public T get() {
      return resource;
    }

    @Override
    public synchronized void close() throws Exception {
      if (released) {
        return;
      }
      released = true;
      synchronized (owned) {
        owned.remove(this);
      }
      resource.close();
    }
  }

  /** The run ended, well or not: what it still owns is released, and its scratch directory removed. */
  @Override
  public void close() throws IOException {
    try {
      ShutdownHookManager.get().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      return; // the hook releases it all
    }
    try {
      for (Owned<?> o : remaining()) {
        try {
          o.close();
        } catch (Exception e) {
          out.println("hibench run: could not release " + o.get() + ": " + e.getMessage());
        }
      }
    } finally {
      restoreTmpDir();
      remove();
    }
  }

  /** Removes the scratch directory, and the work directory the run made if nothing else is left in it; whether they are gone. */
  private boolean remove() {
    FileUtil.fullyDelete(dir.toFile());
    Path workDir = dir.toAbsolutePath().getParent();
    try (var left = Files.list(workDir)) {
      if (madeWorkDir && left.findAny().isEmpty()) {
        Files.delete(workDir);
      }
    } catch (IOException e) {
      // another run's, or the user's: it stays
    }
    return !Files.exists(dir);
  }

  private void restoreTmpDir() {
    if (previousTmpDir == null) {
      System.clearProperty(ChildJvm.TMP_DIR);
    } else {
      System.setProperty(ChildJvm.TMP_DIR, previousTmpDir);
    }
  }

  private List<Owned<?>> remaining() {
    synchronized (owned) {
      return new ArrayList<>(owned); // latest first
    }
  }

  /**
   * The shutdown hook: says which step was stopped, stops every process under this JVM (a SIGTERM,
   * then a SIGKILL to those left after {@link ChildJvm#STOP_GRACE_MS}), releases what the run owns,
   * latest first, each within {@link #RELEASE_WAIT_MS}, and removes the scratch directory.
   */
  private void stopped() {
    synchronized (this) {
      stopping = true; // no scratch directory is made from now on
    }
    if (!Files.exists(dir)) {
      return; // stopped before it was made
    }
    String current = step;
    out.println("hibench run: stopped by " + (signal != null ? signal : "the end of its JVM")
        + (current != null ? " while " + current + " ran: no record for it" : ""));
    ChildJvm.stopDescendants();
    for (Owned<?> o : remaining()) {
      Thread release = new Thread(() -> {
        try {
          o.close();
        } catch (Exception e) {
          // what it held is gone with its processes; the scratch directory goes next
        }
      }, "run-release");
      release.setDaemon(true);
      release.start();
      try {
        release.join(RELEASE_WAIT_MS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    // a process that was just stopped may still have been writing its last files
    boolean removed = false;
    for (int attempt = 0; attempt < 3 && !removed; attempt++) {
      removed = remove();
    }
    out.println(removed ? "hibench run: removed its scratch directory " + dir
        : "hibench run: could not remove its scratch directory " + dir);
    out.flush();
  }

  /** SIGTERM and Ctrl-C stop this JVM as they would, the signal noted for the stop's line. */
  private static synchronized void bindSignals() {
    if (signalsBound) {
      return;
    }
    for (String name : List.of(IrqHandler.SIGTERM, IrqHandler.CONTROL_C)) {
      new IrqHandler(name, data -> {
        signal = "SIG" + data.getName();
        System.exit(128 + data.getNumber());
      }).bind();
    }
    signalsBound = true;
  }

  /**
   * Removes the scratch directories under {@code workDir} whose launcher is gone (killed, or its
   * machine restarted), and returns what it removed, a phrase each. A directory without an owner
   * file is left alone: it is not known to be a run's.
   */
  static List<String> removeLeftovers(Path workDir) throws IOException {
    List<String> removed = new ArrayList<>();
    if (!Files.isDirectory(workDir)) {
      return removed;
    }
    try (DirectoryStream<Path> runs = Files.newDirectoryStream(workDir, PREFIX + "*")) {
      for (Path run : runs) {
        Path ownerFile = run.resolve(OWNER);
        if (!Files.isRegularFile(ownerFile)) {
          continue;
        }
        Properties owner = new Properties();
        try (var r = Files.newBufferedReader(ownerFile)) {
          owner.load(r);
        }
        long pid = Long.parseLong(owner.getProperty("pid", "-1"));
        if (!alive(pid, owner.getProperty("start"))) {
          FileUtil.fullyDelete(run.toFile());
          removed.add(run + ", the scratch directory of a stopped run (pid " + pid + ")");
        }
      }
    }
    return removed;
  }

  /** Whether process {@code pid} runs, and is the one that started at {@code start} (not another given its pid since). */
  private static boolean alive(long pid, String start) {
    Optional<ProcessHandle> p = ProcessHandle.of(pid);
    if (p.isEmpty() || !p.get().isAlive()) {
      return false;
    }
    Optional<Instant> started = p.get().info().startInstant();
    return start == null || started.isEmpty() || started.get().toString().equals(start);
  }
}
