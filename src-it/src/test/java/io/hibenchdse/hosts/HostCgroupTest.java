package io.hibenchdse.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.tiers.FullTier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A host's cgroups on cgroup v1 and on v2, live (root): a process joined through them is listed,
 * killed with the groups' removal, and the groups are gone; the groups of a run whose process is
 * gone are found and removed, with what still ran in them, whichever hierarchy they are in.
 */
@FullTier
class HostCgroupTest {
  @ParameterizedTest
  @ValueSource(strings = {"v1", "v2"})
  void aHostsGroupsHoldAndKillItsProcessesAndADeadRunsGroupsGo(String version) throws Exception {
    CgroupHierarchy hierarchy;
    try {
      hierarchy = CgroupHierarchy.chosen(version);
    } catch (IOException e) {
      Assumptions.abort(e.getMessage());
      return;
    }
    Assumptions.assumeTrue(Files.isWritable(hierarchy.top()), "not root: " + hierarchy + " is not writable");

    String host = "hibench-test-host";
    HostCgroup cgroup = HostCgroup.create(hierarchy, host);
    List<Path> dirs = hierarchy.dirs("hibench-" + ProcessHandle.current().pid() + "/" + host);
    Process joined = new ProcessBuilder("sh", "-c", cgroup.joinScript() + "exec sleep 600").start();
    assertEquals(List.of(joined.pid()), awaitPids(cgroup));
    cgroup.remove();
    assertTrue(joined.waitFor(10, TimeUnit.SECONDS), "killed with its host's groups");
    assertEquals(137, joined.exitValue(), "kill -9");
    dirs.forEach(d -> assertFalse(Files.exists(d), d + " removed"));
    dirs.forEach(d -> assertFalse(Files.exists(d.getParent()), d.getParent() + " removed with its last host"));

    // a run killed with kill -9: its groups, and a process still in them, outlive it
    Process ended = new ProcessBuilder("true").start();
    ended.waitFor();
    String deadRunsGroup = "hibench-" + ended.pid() + "/" + host;
    hierarchy.create(deadRunsGroup);
    StringBuilder join = new StringBuilder();
    hierarchy.dirs(deadRunsGroup).forEach(d -> join.append("echo $$ > ").append(d.resolve("cgroup.procs")).append(" && "));
    Process left = new ProcessBuilder("sh", "-c", join + "exec sleep 600").start();
    assertEquals(List.of(left.pid()), awaitPids(HostCgroup.of(ended.pid(), host)));
    assertTrue(HostCgroup.removeLeftovers() >= 1, "the dead run's host found");
    assertTrue(left.waitFor(10, TimeUnit.SECONDS), "what the dead run left in its groups killed");
    for (Path d : hierarchy.dirs(deadRunsGroup)) {
      assertFalse(Files.exists(d.getParent()), d.getParent() + " removed");
    }
  }

  /** The host's processes once the shell has joined its groups. */
  private static List<Long> awaitPids(HostCgroup cgroup) throws Exception {
    for (int i = 0; i < 100 && cgroup.pids().isEmpty(); i++) {
      Thread.sleep(50);
    }
    return cgroup.pids();
  }
}
