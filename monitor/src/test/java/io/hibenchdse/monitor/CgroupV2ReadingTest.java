package io.hibenchdse.monitor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cgroup v2 host read from a recorded group (the kernel's cpu.stat, memory.stat, memory.current,
 * io.stat and cgroup.procs, with /proc's meminfo and diskstats and the namespace's net/dev) at two
 * instants a second apart: its figures are those the files' counters give, and on a group without
 * the memory and io controllers (a hybrid machine's) CPU and network still are, memory and disk NaN.
 */
class CgroupV2ReadingTest {
  private static final long IN_NAMESPACE = 4242;
  private static final long SECOND = 1_000_000_000L;

  @TempDir Path dir;
  private final AtomicLong clock = new AtomicLong();

  @Test
  void figuresOfTwoReadingsASecondApart() throws Exception {
    Path group = recorded("at-0s", false);
    CgroupHost host = new CgroupHost("hibench-worker1", true, group, group, group, IN_NAMESPACE, dir.resolve("proc"),
        dir.resolve("sys/block"), clock::get);
    assertEquals("", host.unread());
    ProcReading[] readings = twoReadings(host, false);
    HostFigures f = HostCounters.parse(readings[1]).since(HostCounters.parse(readings[0]));
    assertCpuAndNetwork(f);
    // anon: 256 MiB of the machine's 8 GiB, not memory.current's 400 MiB with the page cache
    assertEquals(3.125, f.memoryUsedPct(), 1e-9);
    // per device, in /proc/diskstats' columns: sda 48 reads of 6144 sectors, 160 writes of 24576; nvme0n1 8 reads of 1024
    List<String> devices = readings[1].diskstats().lines().toList();
    assertEquals(List.of("259 0 nvme0n1 8 0 1024 0 0 0 0 0 0 0 0", "8 0 sda 48 0 6144 0 160 0 24576 0 0 0 0"), devices);
    // in the second: sda 2 MiB in 32 reads and 8 MiB in 96 writes, nvme0n1 512 KiB in 8 reads
    assertEquals(2560, f.diskReadKBps(), 1e-9);
    assertEquals(8192, f.diskWriteKBps(), 1e-9);
    assertEquals(40, f.diskReadsPerSec(), 1e-9);
    assertEquals(96, f.diskWritesPerSec(), 1e-9);
  }

  @Test
  void withoutMemoryAndIoControllersCpuAndNetworkAreSampledAndTheRestIsNot() throws Exception {
    Path group = recorded("at-0s", true);
    CgroupHost host = new CgroupHost("hibench-worker1", true, group, group, group, IN_NAMESPACE, dir.resolve("proc"),
        dir.resolve("sys/block"), clock::get);
    assertEquals("memory and disk I/O not sampled: " + group + " has no memory.stat or io.stat: its hierarchy does not enable"
        + " the memory and io controllers for it", host.unread());
    ProcReading[] readings = twoReadings(host, true);
    HostFigures f = HostCounters.parse(readings[1]).since(HostCounters.parse(readings[0]));
    assertCpuAndNetwork(f);
    for (double notSampled : new double[] {f.memoryUsedPct(), f.diskReadKBps(), f.diskWriteKBps(), f.diskReadsPerSec(),
        f.diskWritesPerSec(), f.ioAwaitMs()}) {
      assertTrue(Double.isNaN(notSampled), "not sampled, not zero: " + f);
    }
  }

  /** usage_usec grew by 0.8 s in the second, user_usec and system_usec by 0.4 s each; eth0 took 100 KB and sent 200 KB. */
  private static void assertCpuAndNetwork(HostFigures f) {
    int cores = Runtime.getRuntime().availableProcessors();
    assertEquals(1.0, f.durationSec(), 1e-9);
    assertEquals(40.0 / cores, f.cpuUserPct(), 1e-9);
    assertEquals(40.0 / cores, f.cpuSystemPct(), 1e-9);
    assertEquals(100, f.netRxKBps(), 1e-9);
    assertEquals(200, f.netTxKBps(), 1e-9);
    assertEquals(50, f.loRxKBps(), 1e-9);
  }

  /**
   * The host read as it is made, its group already 4 s of CPU time old (a run's monitor reads groups
   * its hosts made before), and a second later with the files at 1 s.
   */
  private ProcReading[] twoReadings(CgroupHost host, boolean withoutControllers) throws IOException, URISyntaxException {
    ProcReading first = host.readFiles().at(SECOND);
    recorded("at-1s", withoutControllers);
    clock.set(SECOND);
    return new ProcReading[] {first, host.readFiles().at(2 * SECOND)};
  }

  /**
   * Lays the recorded tree out in {@link #dir} with the group's files and net/dev at {@code instant};
   * without memory.stat, memory.current and io.stat where {@code withoutControllers}. Returns the group.
   */
  private Path recorded(String instant, boolean withoutControllers) throws IOException, URISyntaxException {
    Path tree = Path.of(CgroupV2ReadingTest.class.getResource("/cgroup-v2").toURI());
    for (String part : List.of("proc", "sys")) {
      copy(tree.resolve(part), dir.resolve(part));
    }
    Path group = dir.resolve("group");
    copy(tree.resolve(instant).resolve("group"), group);
    if (withoutControllers) {
      for (String file : List.of("memory.stat", "memory.current", "io.stat")) {
        Files.delete(group.resolve(file));
      }
    }
    Path netDev = Files.createDirectories(dir.resolve("proc").resolve(Long.toString(IN_NAMESPACE)).resolve("net")).resolve("dev");
    Files.copy(tree.resolve(instant).resolve("net-dev"), netDev, StandardCopyOption.REPLACE_EXISTING);
    return group;
  }

  private static void copy(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path f : files.toList()) {
        Path target = to.resolve(from.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(target);
        } else {
          Files.copy(f, target, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }
}
