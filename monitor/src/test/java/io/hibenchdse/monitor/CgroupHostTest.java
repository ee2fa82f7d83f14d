package io.hibenchdse.monitor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.tiers.FullTier;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A host made of cgroups ({@code --hosts}' hosts), on cgroup v1 and on v2: a child that burns one
 * core for 3 s inside its groups, and nothing else there; the host's CPU seconds by the monitor
 * must match the child's own count within 5%, and its memory hold the child's heap, or on a v2
 * group without the memory controller (a hybrid machine's) be NaN with the reason. Needs root.
 */
@FullTier
class CgroupHostTest {
  private static final Path ROOT = Path.of("/sys/fs/cgroup");

  @ParameterizedTest
  @ValueSource(ints = {1, 2})
  void aChildBurningOneCoreInTheHostsGroups(int version) throws Exception {
    String group = "hibench-test-" + ProcessHandle.current().pid();
    List<Path> dirs = new ArrayList<>();
    if (version == 1) {
      Assumptions.assumeTrue(Files.isWritable(ROOT.resolve("cpuacct")), "no writable cgroup v1 cpuacct here");
      for (String controller : List.of("cpuacct", "memory", "blkio")) {
        dirs.add(Files.createDirectories(ROOT.resolve(controller).resolve(group)));
      }
    } else {
      // only a cgroup2 mount has cgroup.controllers: at the root on a v2 machine, under unified/ on a hybrid one
      Path unified = Files.exists(ROOT.resolve("cgroup.controllers")) ? ROOT : ROOT.resolve("unified");
      Assumptions.assumeTrue(Files.exists(unified.resolve("cgroup.controllers")) && Files.isWritable(unified),
          "no writable cgroup v2 hierarchy here");
      dirs.add(Files.createDirectories(unified.resolve(group)));
    }
    StringBuilder join = new StringBuilder();
    dirs.forEach(d -> join.append("echo $$ > ").append(d.resolve("cgroup.procs")).append(" && "));
    Process child = null;
    try {
      // sampled from before the child starts, so its whole CPU time falls in the samples; the
      // network namespace is this machine's, read through this JVM
      long self = ProcessHandle.current().pid();
      CgroupHost host = version == 1 ? CgroupHost.v1("burner-host", dirs.get(0), dirs.get(1), dirs.get(2), self)
          : CgroupHost.v2("burner-host", dirs.get(0), self);
      Monitor m = Monitor.start(200, List.of(host), List::of, System.err, Map.of());
      assertTrue(m.awaitFirstReadings(10_000), "the first reading before the child");
      child = new ProcessBuilder("sh", "-c", join + "exec \"$@\"", "sh", Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-Xms64m", "-Xmx64m", "-XX:+AlwaysPreTouch", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
          KnownLoadsTest.class.getName()).start();
      String line;
      try {
        line = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8)).readLine();
      } finally {
        m.stop();
      }
      HostFigures h = m.stop().whole().hosts().get("burner-host");
      double selfReported = Long.parseLong(line.split(" ")[0]) / 1e9;
      int cores = Runtime.getRuntime().availableProcessors();
      double measured = (h.cpuUserPct() + h.cpuSystemPct()) / 100 * cores * h.durationSec();
      System.out.printf("CgroupHostTest: cgroup v%d: %.3f CPU seconds by the host's groups, %.3f by the child itself; memory %.2f%%%n",
          version, measured, selfReported, h.memoryUsedPct());
      assertTrue(selfReported >= 3.0, "the child burnt " + selfReported + " s");
      assertEquals(selfReported, measured, 0.05 * selfReported, "the host's CPU seconds against the child's own count");
      long machineKb = ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean())
          .getTotalMemorySize() / 1024;
      // unread() names memory first, where the group lacks it; a group with memory but no io reads memory
      if (!host.unread().startsWith("memory")) {
        assertTrue(h.memoryUsedPct() / 100 * machineKb >= 64 * 1024, "the host's memory holds the child's touched 64 MB heap: " + h);
      } else {
        // a v2 group without the memory controller (a hybrid machine's): the reason, and no figure rather than a zero
        assertTrue(host.unread().startsWith("memory") && host.unread().contains(dirs.get(0).toString()), host.unread());
        assertTrue(Double.isNaN(h.memoryUsedPct()), "not sampled, not zero: " + h);
      }
    } finally {
      if (child != null) {
        child.destroyForcibly().waitFor();
      }
      for (Path d : dirs) {
        for (int i = 0; i < 50 && Files.exists(d); i++) {
          try {
            Files.delete(d);
          } catch (java.io.IOException e) {
            Thread.sleep(100); // the kernel empties a group a moment after its last process is reaped
          }
        }
      }
    }
  }
}
