package io.hibenchdse.hosts;

import io.hibenchdse.monitor.CgroupHost;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A host's cgroups, {@code hibench-PID/HOST} in a {@link CgroupHierarchy} (v1: under each of
 * cpuacct, memory and blkio; v2: one group): every process of the host joins them before it runs
 * (its daemons, and their children: YARN's containers), so the host's CPU time, memory and disk
 * I/O are counted apart, and every process it still has is found and killed when it stops.
 */
public final class HostCgroup {
  private static final Pattern LEFT = Pattern.compile("hibench-(\\d+)");

  private final CgroupHierarchy hierarchy;
  private final String group;

  private HostCgroup(CgroupHierarchy hierarchy, String group) {
    this.hierarchy = hierarchy;
    this.group = group;
  }

  /** Makes the cgroups of {@code host} in {@code hierarchy}; an IOException names what is missing. */
  static HostCgroup create(CgroupHierarchy hierarchy, String host) throws IOException {
    HostCgroup cgroup = new HostCgroup(hierarchy, "hibench-" + ProcessHandle.current().pid() + "/" + host);
    hierarchy.create(cgroup.group);
    return cgroup;
  }

  /**
   * The cgroups of {@code host} that process {@code owner} made ({@code storage start --hosts} in
   * another JVM), in whichever hierarchy it made them; an IOException says none is there.
   */
  public static HostCgroup of(long owner, String host) throws IOException {
    String group = "hibench-" + owner + "/" + host;
    for (CgroupHierarchy h : CgroupHierarchy.mounted()) {
      if (Files.isDirectory(h.top().resolve(group))) {
        return new HostCgroup(h, group);
      }
    }
    throw new IOException("no cgroup " + group + " in " + CgroupHierarchy.mounted());
  }

  /** The monitor's view of the host {@code name}, whose network namespace holds process {@code inNamespace}. */
  public CgroupHost monitored(String name, long inNamespace) throws IOException {
    return hierarchy.monitored(name, group, inNamespace);
  }

  /** A shell's words that move the shell itself into every group, for a command to run in them from its start. */
  String joinScript() {
    StringBuilder s = new StringBuilder();
    for (Path dir : hierarchy.dirs(group)) {
      s.append("echo $$ > ").append(dir.resolve("cgroup.procs")).append(" && ");
    }
    return s.toString();
  }

  /** The processes in the host now. */
  public List<Long> pids() throws IOException {
    Path procs = hierarchy.top().resolve(group).resolve("cgroup.procs");
    if (!Files.exists(procs)) {
      return List.of();
    }
    return Files.readAllLines(procs).stream().filter(l -> !l.isBlank()).map(Long::parseLong).toList();
  }

  /** Kills every process left in the host (as kill -9), then removes its groups. */
  public void remove() throws IOException {
    kill();
    for (Path dir : hierarchy.dirs(group)) {
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
      try {
        Files.deleteIfExists(dir.getParent());
      } catch (IOException e) {
        // another host's group is still in it
      }
    }
  }

  /** Kills every process in the host: through v2's cgroup.kill where the kernel has it (5.14 on), else each pid with kill -9. */
  private void kill() throws IOException {
    Path cgroupKill = hierarchy.top().resolve(group).resolve("cgroup.kill");
    boolean killsAll = hierarchy.unified() && Files.exists(cgroupKill);
    long deadline = System.currentTimeMillis() + 10_000;
    for (List<Long> left = pids(); !left.isEmpty(); left = pids()) {
      if (killsAll) {
        Files.writeString(cgroupKill, "1");
      } else {
        left.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
      }
      if (System.currentTimeMillis() > deadline) {
        throw new IOException("processes " + left + " of " + hierarchy.top().resolve(group) + " outlive kill -9");
      }
      sleep();
    }
  }

  /**
   * Removes the groups of runs whose process is gone, in every hierarchy mounted here, killing what
   * is left in them; how many hosts' groups it removed.
   */
  public static int removeLeftovers() throws IOException {
    List<HostCgroup> left = new ArrayList<>();
    for (CgroupHierarchy h : CgroupHierarchy.mounted()) {
      try (var dirs = Files.list(h.top())) {
        for (Path dir : dirs.toList()) {
          Matcher m = LEFT.matcher(dir.getFileName().toString());
          if (m.matches() && HostNetwork.gone(Long.parseLong(m.group(1)))) {
            try (var hosts = Files.list(dir)) {
              hosts.filter(Files::isDirectory).forEach(host -> left.add(new HostCgroup(h, dir.getFileName() + "/" + host.getFileName())));
            }
          }
        }
      }
    }
    for (HostCgroup c : left) {
      c.remove();
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
