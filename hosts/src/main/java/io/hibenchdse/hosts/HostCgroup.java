package io.hibenchdse.hosts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A host's cgroups (v1: cpuacct, memory, blkio), {@code hibench-PID/HOST} under each controller:
 * every process of the host joins them before it runs (its daemons, and their children: YARN's
 * containers), so the host's CPU time, memory and disk I/O are counted apart, and every process
 * it still has is found and killed when it stops.
 */
public final class HostCgroup {
  static final Path ROOT = Path.of("/sys/fs/cgroup");
  static final List<String> CONTROLLERS = List.of("cpuacct", "memory", "blkio");
  private static final Pattern LEFT = Pattern.compile("hibench-(\\d+)");

  private final String group;

  private HostCgroup(String group) {
    this.group = group;
  }

  /** Makes the cgroups of {@code host}; an IOException names the controller missing. */
  public static HostCgroup create(String host) throws IOException {
    HostCgroup cgroup = new HostCgroup("hibench-" + ProcessHandle.current().pid() + "/" + host);
    for (String controller : CONTROLLERS) {
      Path base = ROOT.resolve(controller);
      if (!Files.isDirectory(base)) {
        throw new IOException("--hosts needs the cgroup v1 controller " + controller + " at " + base);
      }
      Files.createDirectories(base.resolve(cgroup.group));
    }
    return cgroup;
  }

  /** The directory of this host's group under {@code controller}. */
  public Path dir(String controller) {
    return ROOT.resolve(controller).resolve(group);
  }

  /** A shell's words that move the shell itself into every group, for a command to run in them from its start. */
  String joinScript() {
    StringBuilder s = new StringBuilder();
    for (String controller : CONTROLLERS) {
      s.append("echo $$ > ").append(dir(controller).resolve("cgroup.procs")).append(" && ");
    }
    return s.toString();
  }

  /** The processes in the host now. */
  public List<Long> pids() throws IOException {
    return pids(dir("cpuacct"));
  }

  private static List<Long> pids(Path dir) throws IOException {
    Path procs = dir.resolve("cgroup.procs");
    if (!Files.exists(procs)) {
      return List.of();
    }
    return Files.readAllLines(procs).stream().filter(l -> !l.isBlank()).map(Long::parseLong).toList();
  }

  /** Kills every process left in the host (as kill -9), then removes its groups. */
  public void remove() throws IOException {
    remove(group);
    Path parent = Path.of(group).getParent();
    for (String controller : CONTROLLERS) {
      removeIfEmpty(ROOT.resolve(controller).resolve(parent.toString()));
    }
  }

  private static void remove(String group) throws IOException {
    Path accounting = ROOT.resolve("cpuacct").resolve(group);
    long deadline = System.currentTimeMillis() + 10_000;
    for (List<Long> left = pids(accounting); !left.isEmpty(); left = pids(accounting)) {
      left.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
      if (System.currentTimeMillis() > deadline) {
        throw new IOException("processes " + left + " of " + accounting + " outlive kill -9");
      }
      sleep();
    }
    for (String controller : CONTROLLERS) {
      Path dir = ROOT.resolve(controller).resolve(group);
      // the kernel empties a group a moment after its last process is reaped
      for (int i = 0; Files.exists(dir) && i < 100; i++) {
        try {
          Files.delete(dir);
        } catch (IOException e) {
          if (i == 99) {
            throw new IOException("cannot remove the cgroup " + dir + ": " + e.getMessage());
          }
          sleep();
        }
      }
    }
  }

  private static void removeIfEmpty(Path dir) {
    try {
      Files.deleteIfExists(dir);
    } catch (IOException e) {
      // another host's group is still in it
    }
  }

  /** Removes the groups of runs whose process is gone, killing what is left in them; how many hosts' groups it removed. */
  public static int removeLeftovers() throws IOException {
    Path accounting = ROOT.resolve("cpuacct");
    if (!Files.isDirectory(accounting)) {
      return 0;
    }
    List<String> left = new ArrayList<>();
    try (var dirs = Files.list(accounting)) {
      for (Path dir : dirs.toList()) {
        Matcher m = LEFT.matcher(dir.getFileName().toString());
        if (m.matches() && HostNetwork.gone(Long.parseLong(m.group(1)))) {
          try (var hosts = Files.list(dir)) {
            hosts.filter(Files::isDirectory).forEach(h -> left.add(dir.getFileName() + "/" + h.getFileName()));
          }
        }
      }
    }
    for (String group : left) {
      remove(group);
    }
    for (String group : left) {
      for (String controller : CONTROLLERS) {
        removeIfEmpty(ROOT.resolve(controller).resolve(Path.of(group).getParent().toString()));
      }
    }
    return left.size();
  }

  private static void sleep() throws IOException {
    try {
      Thread.sleep(100);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted while removing a cgroup");
    }
  }
}
