package io.hibenchdse.launcher.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.node.ChildJvm;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's scope at its normal end and at the next run's start; its stop by a signal, which only a
 * JVM of its own can show, is {@code StoppedRunTest}'s (src-it).
 */
class RunScopeTest {
  @TempDir
  Path dir;

  @Test
  void atTheEndWhatTheRunOwnedIsReleasedLatestFirstOnceAndItsScratchRemoved() throws Exception {
    Path work = dir.resolve("work");
    List<String> released = new ArrayList<>();
    String before = System.getProperty(ChildJvm.TMP_DIR);
    Path scratch;
    try (RunScope scope = RunScope.open(work, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))) {
      scratch = scope.dir();
      assertTrue(Files.isRegularFile(scratch.resolve(RunScope.OWNER)));
      // every JVM the run starts keeps its temporary files in the scratch directory
      assertEquals(scratch.resolve("tmp").toAbsolutePath().toString(), System.getProperty(ChildJvm.TMP_DIR));
      assertTrue(ChildJvm.command().contains("-Djava.io.tmpdir=" + scratch.resolve("tmp").toAbsolutePath()), ChildJvm.command().toString());
      RunScope.Owned<AutoCloseable> deployment = scope.own(() -> released.add("deployment"));
      scope.own(() -> released.add("engines"));
      Files.writeString(scratch.resolve("tmp/left-by-a-child"), "x");
      deployment.close(); // its own close: the scope's end does not release it again
      deployment.close();
      assertEquals(List.of("deployment"), released);
    }
    assertEquals(List.of("deployment", "engines"), released);
    assertFalse(Files.exists(scratch), "scratch removed");
    assertFalse(Files.exists(work), "the work directory the run made, left empty, removed");
    assertEquals(before, System.getProperty(ChildJvm.TMP_DIR));
  }

  @Test
  void theNextRunRemovesTheScratchOfAStoppedRunAloneAndSaysSo() throws Exception {
    Path work = Files.createDirectories(dir.resolve("work"));
    // a launcher that is gone: a real process, ended
    Process gone = new ProcessBuilder("true").start();
    ProcessHandle handle = gone.toHandle();
    String goneStart = handle.info().startInstant().map(Object::toString).orElse(null);
    gone.waitFor();
    Path stopped = owned(work.resolve("run-1"), gone.pid(), goneStart);
    // one that runs (this JVM), one whose pid was given to another process since, and a directory of no known run
    Path running = owned(work.resolve("run-2"), ProcessHandle.current().pid(),
        ProcessHandle.current().info().startInstant().orElseThrow().toString());
    Path pidReused = owned(work.resolve("run-3"), ProcessHandle.current().pid(), "2001-01-01T00:00:00Z");
    Path unknown = Files.createDirectories(work.resolve("run-4"));

    ByteArrayOutputStream said = new ByteArrayOutputStream();
    try (RunScope scope = RunScope.open(work, new PrintStream(said, true, StandardCharsets.UTF_8))) {
      assertTrue(Files.isDirectory(scope.dir()));
    }
    assertEquals(List.of("hibench run: removed " + stopped + ", the scratch directory of a stopped run (pid " + gone.pid() + ")",
        "hibench run: removed " + pidReused + ", the scratch directory of a stopped run (pid " + ProcessHandle.current().pid() + ")"),
        said.toString(StandardCharsets.UTF_8).lines().sorted().toList());
    assertFalse(Files.exists(stopped));
    assertFalse(Files.exists(pidReused));
    assertTrue(Files.isDirectory(running), "a run still going keeps its scratch");
    assertTrue(Files.isDirectory(unknown), "a directory no run owns is not the suite's to remove");
    assertTrue(Files.isDirectory(work), "the work directory was there before the run: it stays");
  }

  /** A scratch directory as a launcher with {@code pid}, started at {@code start}, leaves it. */
  private static Path owned(Path run, long pid, String start) throws Exception {
    Files.createDirectories(run.resolve("tmp"));
    Properties owner = new Properties();
    owner.setProperty("pid", Long.toString(pid));
    if (start != null) {
      owner.setProperty("start", start);
    }
    try (var w = Files.newBufferedWriter(run.resolve(RunScope.OWNER))) {
      owner.store(w, null);
    }
    Files.writeString(run.resolve("tmp/block"), "data");
    return run;
  }
}
