package io.hibenchdse.monitor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The monitor against loads of known size, each made by another process: a child that burns one
 * core for 3 s, 192 MiB written with O_DIRECT and with fsync, 192 MiB sent over a loopback socket.
 */
class KnownLoadsTest {
  private static final long MIB = 1 << 20;
  private static final int N_MIB = 192;

  /** Where the disk loads write: a directory in the build's, on a real disk (a tmpfs would take them in memory). */
  @TempDir(cleanup = org.junit.jupiter.api.io.CleanupMode.ALWAYS, factory = InBuildDirectory.class)
  Path scratch;

  /** Temporary directories under target/, not the system's. */
  static final class InBuildDirectory implements org.junit.jupiter.api.io.TempDirFactory {
    @Override
    public Path createTempDirectory(org.junit.jupiter.api.extension.AnnotatedElementContext element,
        org.junit.jupiter.api.extension.ExtensionContext context) throws java.io.IOException {
      return java.nio.file.Files.createTempDirectory(java.nio.file.Files.createDirectories(Path.of("target", "known-loads")), "load");
    }
  }

  /** A child JVM that burns one core for 3 s of its own thread's CPU time, reports its process's CPU time, and waits. */
  public static void main(String[] args) throws Exception {
    var threads = ManagementFactory.getThreadMXBean();
    long x = 0;
    while (threads.getCurrentThreadCpuTime() < 3_000_000_000L) {
      x += System.nanoTime() % 7;
    }
    var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    System.out.println(os.getProcessCpuTime() + " " + (x == 42 ? "" : "burnt"));
    System.out.flush();
    System.in.read(); // stays, with its counters, until the test has read them
  }

  @Test
  void aChildBurningOneCoreFor3Seconds() throws Exception {
    Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m",
        "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), KnownLoadsTest.class.getName()).start();
    try {
      Monitor m = Monitor.start(200, List.of(new LocalHost()), () -> List.of(new WatchedProcess("burner", child.toHandle(), true)), System.err, Map.of());
      String line;
      try {
        line = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8)).readLine();
      } finally {
        m.stop();
      }
      Utilization u = m.stop().whole();
      double selfReported = Long.parseLong(line.split(" ")[0]) / 1e9;
      ProcessFigures p = u.processes().get("burner");
      int cores = Runtime.getRuntime().availableProcessors();
      double measured = p.cpuPct() / 100 * cores * p.durationSec();
      assertTrue(selfReported >= 3.0, "the child burnt " + selfReported + " s");
      assertEquals(selfReported, measured, 0.05 * selfReported, "the burner's CPU seconds, by the monitor against its own count");
      HostFigures h = u.hosts().values().iterator().next();
      double machine = (h.cpuUserPct() + h.cpuSystemPct()) / 100 * cores * h.durationSec();
      assertTrue(machine >= 0.95 * selfReported, "the machine's CPU seconds (" + machine + ") hold the burner's " + selfReported);
    } finally {
      child.destroyForcibly().waitFor();
    }
  }

  @Test
  void writesWithODirect() throws Exception {
    assertDiskWrites("oflag=direct");
  }

  @Test
  void writesWithFsync() throws Exception {
    assertDiskWrites("conv=fsync");
  }

  private void assertDiskWrites(String flag) throws Exception {
    File file = scratch.resolve("load").toFile();
    // what the build left in the page cache is written out now, not in the middle of the load
    assertEquals(0, new ProcessBuilder("sync").start().waitFor());
    Monitor m = Monitor.start(500, List.of(new LocalHost()), List::of, System.err, Map.of());
    // as a run waits before its step: the counters' first reading before the load, so all of it falls in the samples
    assertTrue(m.awaitFirstReadings(10_000), "the first reading");
    try {
      Process dd = new ProcessBuilder("dd", "if=/dev/zero", "of=" + file, "bs=1M", "count=" + N_MIB, flag)
          .redirectErrorStream(true).start();
      dd.getInputStream().readAllBytes();
      assertEquals(0, dd.waitFor());
      Thread.sleep(600);
    } finally {
      m.stop();
    }
    HostFigures h = m.stop().whole().hosts().values().iterator().next();
    double written = h.diskWriteKBps() * 1024 * h.durationSec();
    assertEquals(N_MIB * MIB, written, 0.05 * N_MIB * MIB, "bytes written to the disks with " + flag + " (" + h + ")");
    assertTrue(h.diskWritesPerSec() > 0 && h.ioAwaitMs() > 0, "requests and their await counted: " + h);
  }

  @Test
  void bytesOverALoopbackSocketBetweenTwoProcesses() throws Exception {
    try (ServerSocket server = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      Monitor m = Monitor.start(500, List.of(new LocalHost()), List::of, System.err, Map.of());
      assertTrue(m.awaitFirstReadings(10_000), "the first reading before the first byte");
      long received = 0;
      try {
        Process sender = new ProcessBuilder("bash", "-c",
            "head -c " + N_MIB * MIB + " /dev/zero > /dev/tcp/127.0.0.1/" + server.getLocalPort()).start();
        try (Socket s = server.accept(); InputStream in = s.getInputStream()) {
          byte[] buffer = new byte[1 << 16];
          for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
            received += n;
          }
        }
        assertEquals(0, sender.waitFor());
      } finally {
        m.stop();
      }
      HostFigures h = m.stop().whole().hosts().values().iterator().next();
      assertEquals(N_MIB * MIB, received);
      double loRx = h.loRxKBps() * 1024 * h.durationSec();
      double loTx = h.loTxKBps() * 1024 * h.durationSec();
      // TCP over loopback: 52 bytes of headers a segment of up to 65,483, and the ACKs: well under 1%
      assertTrue(loRx >= received && loRx <= 1.05 * received, "loopback received " + loRx + " for " + received + " bytes");
      assertEquals(loRx, loTx, 0.001 * loRx, "loopback sends what it receives");
    }
  }

  @Test
  void noSamplesNoFigures() {
    Utilization u = new Series(100, 2).whole();
    assertTrue(u.hosts().isEmpty() && u.processes().isEmpty());
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    UtilizationTable.print(u, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    assertEquals(2, bytes.toString(StandardCharsets.UTF_8).lines().count(), "the title and the header, no row: " + bytes);
  }
}
