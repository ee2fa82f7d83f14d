package io.hibenchdse.hosts;

import java.io.Closeable;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * A real sshd (Debian's openssh-server) on each worker host, as a user's cluster has one, reached
 * with a key pair made for the cluster: the monitor samples the workers over it and
 * {@code --drop-caches} drops their page cache. Each sshd runs in its host's namespace and cgroups,
 * so whatever a session starts there is the host's, and goes with it.
 */
public final class HostSshd implements Closeable {
  private static final Path SSHD = Path.of("/usr/sbin/sshd");
  /** sshd's privilege separation directory, which it refuses to start without. */
  private static final Path RUN_DIR = Path.of("/run/sshd");
  private static final int PORT = 22;
  private static final long START_TIMEOUT_MS = 15_000;
  /** The PATH sshd gives root's sessions on Debian, which the sessions here get after the cluster's own commands. */
  private static final String ROOT_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

  private final Path key;
  private final List<Process> daemons = new ArrayList<>();
  private Path madeRunDir;

  private HostSshd(Path key) {
    this.key = key;
  }

  /**
   * Starts an sshd on each of {@code workers} (each with its cgroup at the same index), its keys and
   * logs under {@code dir}, its sessions' PATH beginning with {@code commands}.
   */
  static HostSshd start(HostNetwork net, List<String> workers, List<HostCgroup> cgroups, Path dir, List<Path> commands)
      throws IOException {
    if (!Files.isExecutable(SSHD)) {
      throw new IOException("--sshd needs " + SSHD + ": apt-get install openssh-server");
    }
    Files.createDirectories(dir);
    HostSshd sshd = new HostSshd(dir.resolve("user-key"));
    try {
      keygen(dir.resolve("host-key"));
      keygen(sshd.key);
      Files.copy(dir.resolve("user-key.pub"), dir.resolve("authorized_keys"), StandardCopyOption.REPLACE_EXISTING);
      if (!Files.exists(RUN_DIR)) {
        sshd.madeRunDir = Files.createDirectories(RUN_DIR);
      }
      for (int i = 0; i < workers.size(); i++) {
        String host = workers.get(i);
        Path config = dir.resolve("sshd-" + host + ".conf");
        // quoted, as sshd_config allows: a directory with a blank in its name would split a value
        Files.writeString(config, String.join("\n", "Port " + PORT, "HostKey " + quoted(dir.resolve("host-key")),
            "AuthorizedKeysFile " + quoted(dir.resolve("authorized_keys")), "PidFile " + quoted(dir.resolve("sshd-" + host + ".pid")),
            "StrictModes no", "PermitRootLogin yes", "UsePAM no", "PasswordAuthentication no",
            "SetEnv \"PATH=" + path(commands) + "\"", ""));
        List<String> command = HostDaemon.onHost(net, cgroups.get(i), host);
        command.addAll(List.of(SSHD.toString(), "-D", "-e", "-f", config.toString()));
        sshd.daemons.add(new ProcessBuilder(command).redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("sshd-" + host + ".log").toFile())).start());
      }
      for (int i = 0; i < workers.size(); i++) {
        awaitListening(net.address(workers.get(i)), sshd.daemons.get(i), dir.resolve("sshd-" + workers.get(i) + ".log"));
      }
      return sshd;
    } catch (IOException | RuntimeException e) {
      sshd.close();
      throw e;
    }
  }

  private static String quoted(Path p) {
    return "\"" + p + "\"";
  }

  private static String path(List<Path> commands) {
    List<String> dirs = new ArrayList<>();
    for (Path p : commands) {
      dirs.add(p.toString());
    }
    dirs.add(ROOT_PATH);
    return String.join(":", dirs);
  }

  private static void keygen(Path file) throws IOException {
    // a pair left by an earlier run of the same process id would make ssh-keygen ask before overwriting
    Files.deleteIfExists(file);
    Files.deleteIfExists(file.resolveSibling(file.getFileName() + ".pub"));
    SystemCommand.run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", file.toString());
  }

  private static void awaitListening(String address, Process sshd, Path log) throws IOException {
    long deadline = System.currentTimeMillis() + START_TIMEOUT_MS;
    while (true) {
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress(address, PORT), 1000);
        return;
      } catch (IOException e) {
        if (!sshd.isAlive() || System.currentTimeMillis() > deadline) {
          throw new IOException("the sshd at " + address + " did not start: " + String.join(" | ", Files.readAllLines(log)));
        }
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted waiting for the sshd at " + address);
      }
    }
  }

  /** ssh's options that reach the workers as root: the key, and no checks of host keys that are new at every start. */
  public List<String> options() {
    return List.of("-i", key.toString(), "-o", "UserKnownHostsFile=/dev/null", "-o", "StrictHostKeyChecking=no", "-o", "LogLevel=ERROR");
  }

  /** Stops every sshd; their sessions' processes go with their hosts' cgroups. */
  @Override
  public void close() {
    for (Process p : daemons) {
      p.destroy();
    }
    for (Process p : daemons) {
      try {
        p.waitFor();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    // another sshd started since (a second cluster's, the system's) needs the directory still
    boolean otherSshd = ProcessHandle.allProcesses().anyMatch(p -> p.info().command().map(c -> c.endsWith("/sshd")).orElse(false));
    if (madeRunDir != null && !otherSshd) {
      try {
        Files.deleteIfExists(madeRunDir);
      } catch (IOException e) {
        System.err.println("hibench: " + madeRunDir + " not removed: " + e.getMessage());
      }
    }
  }
}
