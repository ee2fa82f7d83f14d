package io.hibenchdse.monitor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.hibenchdse.tiers.FullTier;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A worker sampled over ssh, against a real sshd (Debian's openssh-server) on a loopback port: its
 * figures are this machine's, so they must match the local reading of the same time; a worker ssh
 * cannot reach is named, and the rest is sampled on.
 */
@FullTier
class SshHostTest {
  private static final Path SSHD = Path.of("/usr/sbin/sshd");
  @TempDir static Path dir;
  private static Process sshd;
  private static int port;
  private static List<String> options;
  /** sshd's privilege separation directory, when this test made it. */
  private static Path madeRunDir;

  @BeforeAll
  static void startSshd() throws Exception {
    assumeTrue(Files.isExecutable(SSHD), "no sshd: apt-get install openssh-server (.ci/run does)");
    run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("host").toString());
    run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("user").toString());
    Files.copy(dir.resolve("user.pub"), dir.resolve("authorized_keys"));
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Files.writeString(dir.resolve("sshd_config"), String.join("\n", "Port " + port, "ListenAddress 127.0.0.1",
        "HostKey " + dir.resolve("host"), "AuthorizedKeysFile " + dir.resolve("authorized_keys"), "PidFile " + dir.resolve("pid"),
        "StrictModes no", "PermitRootLogin yes", "UsePAM no", "PasswordAuthentication no", ""));
    Path runDir = Path.of("/run/sshd"); // sshd's privilege separation directory
    if (!Files.exists(runDir)) {
      madeRunDir = Files.createDirectories(runDir);
    }
    sshd = new ProcessBuilder(SSHD.toString(), "-D", "-e", "-f", dir.resolve("sshd_config").toString())
        .redirectErrorStream(true).redirectOutput(dir.resolve("sshd.log").toFile()).start();
    long deadline = System.currentTimeMillis() + 10_000;
    while (true) {
      try (Socket s = new Socket("127.0.0.1", port)) {
        break;
      } catch (java.io.IOException e) {
        assertTrue(sshd.isAlive() && System.currentTimeMillis() < deadline, "sshd did not start: " + Files.readString(dir.resolve("sshd.log")));
        Thread.sleep(100);
      }
    }
    options = List.of("-i", dir.resolve("user").toString(), "-o", "UserKnownHostsFile=/dev/null", "-o", "StrictHostKeyChecking=no",
        "-o", "LogLevel=ERROR");
  }

  @AfterAll
  static void stopSshd() throws Exception {
    if (sshd != null) {
      sshd.destroy();
      sshd.waitFor();
    }
    if (madeRunDir != null) {
      Files.delete(madeRunDir);
    }
  }

  private static void run(String... command) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), String.join(" ", command) + ": " + out);
  }

  @Test
  void aWorkerOverSshReadsAsThisMachineDoes() throws Exception {
    String user = System.getProperty("user.name");
    SshHost worker = new SshHost(user + "@127.0.0.1:" + port, options);
    Monitor m = Monitor.start(500, List.of(new LocalHost(), worker), List::of, System.err, Map.of());
    Path load = Files.createDirectories(Path.of("target", "known-loads")).resolve("ssh-load");
    long started;
    long stopping;
    try {
      // every host's first reading is its baseline: the load starts once they have come (ssh's
      // start takes seconds on a busy machine), so no byte is written before the worker's window opens
      assertTrue(m.awaitFirstReadings(60_000), "the worker's first reading over ssh");
      Thread.sleep(600); // and a local sample begun since, so that none straddles the worker's first reading with the load in it
      started = System.currentTimeMillis();
      Process dd = new ProcessBuilder("dd", "if=/dev/zero", "of=" + load, "bs=1M", "count=128", "oflag=direct")
          .redirectErrorStream(true).start();
      dd.getInputStream().readAllBytes();
      assertEquals(0, dd.waitFor());
      Thread.sleep(1500);
    } finally {
      stopping = System.currentTimeMillis();
      m.stop();
      Files.deleteIfExists(load);
    }
    Series series = m.stop();
    long from = series.hostSamples().stream().filter(s -> s.host().equals(worker.host())).mapToLong(s -> s.startMs()).min().orElseThrow();
    long to = series.hostSamples().stream().filter(s -> s.host().equals(worker.host())).mapToLong(Series.HostSample::endMs).max().orElseThrow();
    // the worker's samples cover the whole time, from before the load to the stop, as a local host's do
    // (its first reading, stamped by its arrival, within milliseconds of the wait's end)
    assertTrue(from <= started && to >= stopping, "the worker sampled from " + from + " to " + to + ", the load from " + started
        + ", the stop at " + stopping);
    Utilization u = series.over(from, to);
    HostFigures local = u.hosts().values().iterator().next();
    HostFigures remote = u.hosts().get(worker.host());
    assertTrue(u.notSampled().isEmpty(), "every host sampled: " + u.notSampled());
    double localBytes = local.diskWriteKBps() * local.durationSec();
    double remoteBytes = remote.diskWriteKBps() * remote.durationSec();
    assertTrue(remoteBytes > 0.95 * 128 * 1024, "the worker saw the 128 MiB written: " + remote);
    assertEquals(localBytes, remoteBytes, 0.05 * localBytes, "disk written, locally " + local + " and over ssh " + remote);
    assertEquals(local.memoryUsedPct(), remote.memoryUsedPct(), 1.0, "memory used");
  }

  @Test
  void aWorkerSshCannotReachIsNamedAndTheRestGoesOn() throws Exception {
    int closed;
    try (ServerSocket s = new ServerSocket(0)) {
      closed = s.getLocalPort();
    }
    ByteArrayOutputStream lines = new ByteArrayOutputStream();
    String unreachable = "root@127.0.0.1:" + closed;
    Map<String, String> notSampled = new LinkedHashMap<>();
    Monitor m = Monitor.start(200, List.of(new LocalHost(), new SshHost(unreachable, options)), List::of,
        new PrintStream(lines, true, StandardCharsets.UTF_8), notSampled);
    try {
      Thread.sleep(1500);
    } finally {
      m.stop();
    }
    Utilization u = m.stop().whole();
    assertEquals(1, u.hosts().size(), "this machine sampled: " + u.hosts().keySet());
    assertTrue(u.notSampled().get(unreachable).contains("refused"), u.notSampled().toString());
    String said = lines.toString(StandardCharsets.UTF_8);
    assertEquals(1, said.lines().count(), said);
    assertTrue(said.startsWith("monitor: " + unreachable + " not sampled: "), said);
  }

  /** A command over ssh (nodetool flush, a page cache's drop): null when it ended well, else its last line or what stopped it. */
  @Test
  void aCommandOverSshSaysWhetherItEndedWell() throws Exception {
    String worker = System.getProperty("user.name") + "@127.0.0.1:" + port;
    Path ran = dir.resolve("ran");
    assertEquals(null, SshHost.run(worker, options, "touch " + ran, 1));
    assertTrue(Files.exists(ran), "it ran there");
    assertEquals("the last line", SshHost.run(worker, options, "echo first; echo 'the last line' >&2; exit 3", 1));
    assertEquals("ssh exited with 4", SshHost.run(worker, options, "exit 4", 1));
    int closed;
    try (ServerSocket s = new ServerSocket(0)) {
      closed = s.getLocalPort();
    }
    String why = SshHost.run("root@127.0.0.1:" + closed, options, "true", 1);
    assertTrue(why != null && why.contains("refused"), why);
  }
}
