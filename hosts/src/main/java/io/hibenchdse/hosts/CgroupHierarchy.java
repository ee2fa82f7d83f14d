package io.hibenchdse.hosts;

import io.hibenchdse.monitor.CgroupHost;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The cgroup hierarchy the hosts' groups live in: v1, a group under each of the cpuacct, memory and
 * blkio controllers at {@code /sys/fs/cgroup/CONTROLLER}, or v2, one group in the unified hierarchy
 * ({@code /sys/fs/cgroup} where it is a cgroup2 mount, else {@code /sys/fs/cgroup/unified} on a
 * hybrid machine). The default is v1 where its cpuacct controller is mounted, else v2; the system
 * property {@value #PROPERTY} ({@code v1}, {@code v2}) chooses.
 */
public final class CgroupHierarchy {
  /** The system property that chooses the hierarchy. */
  public static final String PROPERTY = "hibench.cgroup";
  static final Path ROOT = Path.of("/sys/fs/cgroup");
  static final List<String> V1_CONTROLLERS = List.of("cpuacct", "memory", "blkio");
  /** The v2 controllers whose files the monitor reads (cpu.stat is there without its controller too). */
  static final List<String> V2_CONTROLLERS = List.of("cpu", "memory", "io");

  private final boolean unified;
  /** v1: the directory of the controllers' mounts; v2: the unified hierarchy's root. */
  private final Path root;

  private CgroupHierarchy(boolean unified, Path root) {
    this.unified = unified;
    this.root = root;
  }

  /** The hierarchy {@code choice} ({@code v1}, {@code v2}, or null for the default) names; an IOException says why there is none. */
  static CgroupHierarchy chosen(String choice) throws IOException {
    Path unifiedRoot = unifiedRoot();
    if (choice == null) {
      if (v1Mounted()) {
        return new CgroupHierarchy(false, ROOT);
      }
      if (unifiedRoot != null) {
        return new CgroupHierarchy(true, unifiedRoot);
      }
      throw new IOException("--hosts needs cgroups: neither cgroup v1's cpuacct controller nor cgroup v2 is mounted at " + ROOT);
    }
    switch (choice) {
      case "v1" -> {
        if (!v1Mounted()) {
          throw new IOException("--hosts needs the cgroup v1 controller cpuacct at " + ROOT.resolve("cpuacct") + " (" + PROPERTY + "=v1)");
        }
        return new CgroupHierarchy(false, ROOT);
      }
      case "v2" -> {
        if (unifiedRoot == null) {
          throw new IOException("--hosts needs cgroup v2 mounted at " + ROOT + " or " + ROOT.resolve("unified") + " (" + PROPERTY + "=v2)");
        }
        return new CgroupHierarchy(true, unifiedRoot);
      }
      default -> throw new IOException("--hosts: " + PROPERTY + " must be v1 or v2, not '" + choice + "'");
    }
  }

  /** Every hierarchy mounted here, whatever the choice: where the groups of earlier runs may be. */
  static List<CgroupHierarchy> mounted() {
    List<CgroupHierarchy> all = new ArrayList<>();
    if (v1Mounted()) {
      all.add(new CgroupHierarchy(false, ROOT));
    }
    Path unifiedRoot = unifiedRoot();
    if (unifiedRoot != null) {
      all.add(new CgroupHierarchy(true, unifiedRoot));
    }
    return all;
  }

  private static boolean v1Mounted() {
    return Files.exists(ROOT.resolve("cpuacct").resolve("cpuacct.usage"));
  }

  /** The unified hierarchy's root, or null: only a cgroup2 mount has {@code cgroup.controllers}. */
  private static Path unifiedRoot() {
    for (Path p : List.of(ROOT, ROOT.resolve("unified"))) {
      if (Files.exists(p.resolve("cgroup.controllers"))) {
        return p;
      }
    }
    return null;
  }

  /** Whether this is cgroup v2's unified hierarchy. */
  boolean unified() {
    return unified;
  }

  /** The directories of {@code group} ({@code hibench-PID/HOST}): one per v1 controller, or the one v2 group. */
  List<Path> dirs(String group) {
    return unified ? List.of(root.resolve(group)) : V1_CONTROLLERS.stream().map(c -> root.resolve(c).resolve(group)).toList();
  }

  /** Where the groups are listed: v1's cpuacct hierarchy, or v2's root. */
  Path top() {
    return unified ? root : root.resolve("cpuacct");
  }

  /** Makes the directories of {@code group}, on v2 with the cpu, memory and io controllers enabled for it where the root offers them. */
  void create(String group) throws IOException {
    if (!unified) {
      for (String controller : V1_CONTROLLERS) {
        Path base = root.resolve(controller);
        if (!Files.isDirectory(base)) {
          throw new IOException("--hosts needs the cgroup v1 controller " + controller + " at " + base);
        }
        Files.createDirectories(base.resolve(group));
      }
      return;
    }
    Path parent = root.resolve(group).getParent();
    Files.createDirectories(parent);
    List<String> offered = List.of(Files.readString(root.resolve("cgroup.controllers")).trim().split("\\s+"));
    List<String> wanted = V2_CONTROLLERS.stream().filter(offered::contains).toList();
    enable(root, wanted);
    enable(parent, wanted);
    Files.createDirectories(root.resolve(group));
  }

  /** Enables {@code controllers} for the children of {@code dir} where they are not yet. */
  private static void enable(Path dir, List<String> controllers) throws IOException {
    Path control = dir.resolve("cgroup.subtree_control");
    List<String> enabled = List.of(Files.readString(control).trim().split("\\s+"));
    StringBuilder add = new StringBuilder();
    controllers.stream().filter(c -> !enabled.contains(c)).forEach(c -> add.append(" +").append(c));
    if (add.isEmpty()) {
      return;
    }
    try {
      Files.writeString(control, add.toString().trim());
    } catch (IOException e) {
      // a root that holds processes of its own (a container's) refuses; the hosts' CPU is still
      // counted, and the monitor names the memory and disk figures it then cannot read
    }
  }

  /** The monitor's view of {@code group}, a host {@code name} whose network namespace holds process {@code inNamespace}. */
  CgroupHost monitored(String name, String group, long inNamespace) throws IOException {
    List<Path> dirs = dirs(group);
    return unified ? CgroupHost.v2(name, dirs.get(0), inNamespace) : CgroupHost.v1(name, dirs.get(0), dirs.get(1), dirs.get(2), inNamespace);
  }

  /** As records and the run's first line name it: {@code cgroup v2 at /sys/fs/cgroup/unified}. */
  @Override
  public String toString() {
    return "cgroup " + (unified ? "v2" : "v1") + " at " + root;
  }
}
