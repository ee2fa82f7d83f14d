package io.hibenchdse.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A step's child JVM stopped by an interrupt of the thread that waits for it (a cluster watch, Ctrl-C). */
class ChildJvmTest {
  @TempDir Path dir;
  /** What a case started, killed after it whatever its end, so a failing case leaves nothing running. */
  private final List<ProcessHandle> started = new ArrayList<>();

  @AfterEach
  void killWhatWasStarted() {
    started.forEach(ProcessHandle::destroyForcibly);
  }

  @Test
  void aChildWhoseStopHangsIsKilledAfterTheGraceWithWhatItStarted() throws Exception {
    Started child = start("hang");
    assertTrue(child.shell.isPresent() && child.shell.get().isAlive(), "the child's shell runs");
    Waiter waiter = new Waiter(child.process);
    long begin = System.nanoTime();
    waiter.thread.interrupt();
    Thread.sleep(2000);
    waiter.thread.interrupt(); // asked again, as a watch does: still the grace, then the kill
    waiter.thread.join(TimeUnit.SECONDS.toMillis(60));
    double seconds = (System.nanoTime() - begin) / 1e9;

    assertFalse(waiter.thread.isAlive(), "the wait returned");
    assertFalse(child.process.isAlive(), "the child is gone");
    assertFalse(child.shell.get().isAlive(), "the shell that ignores SIGTERM is gone");
    assertTrue(seconds >= 10_000L / 1000.0 && seconds < 10_000L / 1000.0 + 10,
        "killed after the grace, not before and not much after: " + seconds + " s");
    assertTrue(waiter.failure.get() instanceof InterruptedException, "the waiter learns it was interrupted: " + waiter.failure.get());
    assertEquals(137, child.process.exitValue(), "ended by SIGKILL");
  }

  @Test
  void aChildThatCleansUpOnSigtermIsLeftItsCleanUp() throws Exception {
    Path mark = dir.resolve("cleaned");
    Started child = start("clean", mark.toString());
    Waiter waiter = new Waiter(child.process);
    long begin = System.nanoTime();
    waiter.thread.interrupt();
    waiter.thread.join(TimeUnit.SECONDS.toMillis(60));
    double seconds = (System.nanoTime() - begin) / 1e9;

    assertFalse(child.process.isAlive(), "the child is gone");
    assertEquals("cleaned up", Files.readString(mark), "its stop hook ran to its end");
    assertTrue(seconds < 10_000L / 1000.0, "no waiting beyond the child's own clean-up: " + seconds + " s");
    assertEquals(143, child.process.exitValue(), "ended by its SIGTERM");
  }

  @Test
  void aChildsCommandLineIsReadWholeWhereTheJdksOwnViewEnds() throws Exception {
    // 30 directories of 200 characters before the class path, as long as a Hadoop daemon's
    String padding = String.join(java.io.File.pathSeparator, java.util.Collections.nCopies(30, dir.resolve("x".repeat(200)).toString()));
    Started child = startOn(padding + java.io.File.pathSeparator + System.getProperty("java.class.path"), "clean",
        dir.resolve("cleaned").toString());
    String main = StubbornChild.class.getName();
    assertFalse(child.process.info().commandLine().orElse("").contains(main), "the JDK's view ends at 4096 bytes, before the main class");
    List<String> line = ChildJvm.commandLine(child.process.toHandle());
    assertEquals(ChildJvm.java(), line.get(0));
    assertEquals(List.of(main, "clean", dir.resolve("cleaned").toString()), line.subList(line.size() - 3, line.size()));
    child.process.destroyForcibly().waitFor();
    assertEquals(List.of(), ChildJvm.commandLine(child.process.toHandle()), "nothing once it ended");
  }

  private record Started(Process process, Optional<ProcessHandle> shell) {}

  private Started start(String... args) throws Exception {
    return startOn(System.getProperty("java.class.path"), args);
  }

  private Started startOn(String classPath, String... args) throws Exception {
    ProcessBuilder builder = new ProcessBuilder(ChildJvm.java(), "-cp", classPath, StubbornChild.class.getName());
    builder.command().addAll(List.of(args));
    Process process = builder.redirectError(dir.resolve("child.err").toFile()).start();
    started.add(process.toHandle());
    BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    long shell = Long.parseLong(out.readLine());
    Optional<ProcessHandle> shellHandle = shell == 0 ? Optional.empty() : ProcessHandle.of(shell);
    shellHandle.ifPresent(started::add);
    assertEquals("ready", out.readLine());
    return new Started(process, shellHandle);
  }

  /** A thread waiting for the child as a step does. */
  private static final class Waiter {
    final AtomicReference<Exception> failure = new AtomicReference<>();
    final Thread thread;

    Waiter(Process process) {
      thread = new Thread(() -> {
        try {
          ChildJvm.awaitWithThisJvm(process);
        } catch (Exception e) {
          failure.set(e);
        }
      }, "step");
      thread.start();
    }
  }
}
