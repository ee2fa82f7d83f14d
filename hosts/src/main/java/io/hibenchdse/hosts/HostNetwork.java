package io.hibenchdse.hosts;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The hosts' network: each host a network namespace with an address on one bridge, reached from
 * this machine through the bridge's own address, with its own hosts file naming every host, and,
 * with a {@link Link}, its veth pair shaped by {@code tc} in both directions. Every name carries
 * the owning process's id ({@code hibench-PID-HOST} namespaces, {@code hbPIDbr} and
 * {@code hbPIDvN} links), so what a killed run left is found and removed by the next.
 */
public final class HostNetwork implements Closeable {
  private static final String NAMESPACE = "hibench-";
  private static final Pattern LEFT_NAMESPACE = Pattern.compile("^hibench-(\\d+)-\\S+", Pattern.MULTILINE);
  private static final Pattern LEFT_LINK = Pattern.compile("^\\d+: (hb(\\d+)(?:br|v\\d+))[@:]", Pattern.MULTILINE);
  private static final Path NETNS_ETC = Path.of("/etc/netns");
  /** The bridge's side: this machine, as the hosts name it. */
  public static final String CLIENT_HOST = "hibench-client";

  private final long owner = ProcessHandle.current().pid();
  private final String subnet;
  private final Map<String, String> addresses = new LinkedHashMap<>();
  private volatile Link link;
  private boolean closed;

  private HostNetwork(String subnet, Link link) {
    this.subnet = subnet;
    this.link = link;
  }

  /**
   * Makes the hosts named, shaped by {@code link} when not null; whatever it made is removed
   * again when a step fails, with an IOException saying which.
   */
  public static HostNetwork create(List<String> hosts, Link link) throws IOException {
    checkRoot();
    HostNetwork net = new HostNetwork(freeSubnet(), link);
    try {
      net.make(hosts);
    } catch (IOException | RuntimeException e) {
      net.close();
      throw e;
    }
    return net;
  }

  /** Throws, saying what is missing, unless this process may make namespaces, links and cgroups. */
  static void checkRoot() throws IOException {
    String status = Files.readString(Path.of("/proc/self/status"));
    Matcher uid = Pattern.compile("^Uid:\\s+\\d+\\s+(\\d+)", Pattern.MULTILINE).matcher(status);
    if (!uid.find() || !uid.group(1).equals("0")) {
      throw new IOException("--hosts needs root, to make network namespaces, veth pairs, tc qdiscs and cgroups"
          + " (this process runs as uid " + (uid.find(0) ? uid.group(1) : "?") + "); use --nodes for a cluster without them");
    }
  }

  /** A /24 under 10.77 that no interface of this machine uses, chosen by this process's id. */
  private static String freeSubnet() throws IOException {
    String used = SystemCommand.run("ip", "-o", "-4", "addr", "show");
    long pid = ProcessHandle.current().pid();
    for (int i = 0; i < 250; i++) {
      String subnet = "10.77." + (1 + (pid + i) % 250) + ".";
      if (!used.contains(" " + subnet)) {
        return subnet;
      }
    }
    throw new IOException("every 10.77.x.0/24 is in use on this machine");
  }

  private void make(List<String> hosts) throws IOException {
    String bridge = bridge();
    SystemCommand.run("ip", "link", "add", bridge, "type", "bridge");
    SystemCommand.run("ip", "addr", "add", subnet + "1/24", "dev", bridge);
    SystemCommand.run("ip", "link", "set", bridge, "up");
    for (String host : hosts) {
      addresses.put(host, subnet + (addresses.size() + 2));
    }
    int i = 0;
    for (String host : hosts) {
      String ns = namespace(host);
      String veth = veth(i++);
      SystemCommand.run("ip", "netns", "add", ns);
      SystemCommand.run("ip", "link", "add", veth, "type", "veth", "peer", "name", "eth0", "netns", ns);
      SystemCommand.run("ip", "link", "set", veth, "master", bridge, "up");
      SystemCommand.run("ip", "-n", ns, "addr", "add", addresses.get(host) + "/24", "dev", "eth0");
      SystemCommand.run("ip", "-n", ns, "link", "set", "eth0", "up");
      SystemCommand.run("ip", "-n", ns, "link", "set", "lo", "up");
      writeHostsFile(ns, host);
      if (link != null) {
        shape(List.of(), veth);
        shape(List.of("ip", "netns", "exec", ns), "eth0");
      }
    }
  }

  private String veth(int host) {
    return "hb" + owner + "v" + host;
  }

  /**
   * Shapes every host's link to {@code link} anew (null: unshaped) while the hosts run, so runs under
   * two links differ in the link alone, not in a cluster started anew.
   */
  public synchronized void reshape(Link link) throws IOException {
    Link old = this.link;
    this.link = link;
    int i = 0;
    for (String host : addresses.keySet()) {
      List<String> in = List.of("ip", "netns", "exec", namespace(host));
      String veth = veth(i++);
      if (old != null) {
        SystemCommand.run("tc", "qdisc", "del", "dev", veth, "root");
        SystemCommand.run(concat(in, "tc", "qdisc", "del", "dev", "eth0", "root"));
      }
      if (link != null) {
        shape(List.of(), veth);
        shape(in, "eth0");
      }
    }
  }

  private static List<String> concat(List<String> in, String... command) {
    List<String> all = new ArrayList<>(in);
    all.addAll(List.of(command));
    return all;
  }

  /** A token bucket at the link's rate on {@code dev}, and netem's delay under it when the link has one. */
  private void shape(List<String> in, String dev) throws IOException {
    SystemCommand.run(concat(in, "tc", "qdisc", "add", "dev", dev, "root", "handle", "1:", "tbf", "rate", link.rate(),
        "burst", Long.toString(link.burstBytes()), "latency", "100ms"));
    if (link.delay() != null) {
      try {
        SystemCommand.run(concat(in, "tc", "qdisc", "add", "dev", dev, "parent", "1:1", "handle", "10:", "netem", "delay", link.delay()));
      } catch (IOException e) {
        throw new IOException("--link " + link + ": this kernel cannot delay a link (tc netem: " + e.getMessage()
            .replaceFirst("^.*: ", "") + "); give the rate alone");
      }
    }
  }

  /**
   * Every host's name, and this machine's own name as {@code host}'s address: a client run there
   * with {@code ip netns exec} (the machine's hostname, its own namespace's address) is on that host.
   */
  private void writeHostsFile(String ns, String self) throws IOException {
    StringBuilder hosts = new StringBuilder("127.0.0.1\tlocalhost\n").append(subnet).append("1\t").append(CLIENT_HOST).append('\n');
    addresses.forEach((host, address) -> hosts.append(address).append('\t').append(host).append('\n'));
    String machine = Files.readString(Path.of("/proc/sys/kernel/hostname")).trim();
    if (!machine.isEmpty() && !addresses.containsKey(machine)) {
      hosts.append(addresses.get(self)).append('\t').append(machine).append('\n');
    }
    Path dir = NETNS_ETC.resolve(ns);
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("hosts"), hosts);
  }

  private String bridge() {
    return "hb" + owner + "br";
  }

  /** The hosts' names, in order. */
  public List<String> hosts() {
    return List.copyOf(addresses.keySet());
  }

  /** The network namespace of {@code host}. */
  public String namespace(String host) {
    return NAMESPACE + owner + "-" + host;
  }

  /** The address of {@code host} on the bridge. */
  public String address(String host) {
    return addresses.get(host);
  }

  /** The link every host has, or null when unshaped. */
  public Link link() {
    return link;
  }

  /** Removes every namespace, link and hosts file it made; a step that fails is named in the IOException, after the rest. */
  @Override
  public synchronized void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    List<String> failed = new ArrayList<>();
    for (int i = 0; i < addresses.size(); i++) {
      remove(failed, "ip", "link", "del", veth(i));
    }
    for (String host : addresses.keySet()) {
      remove(failed, "ip", "netns", "del", namespace(host));
      deleteHostsFile(namespace(host), failed);
    }
    remove(failed, "ip", "link", "del", bridge());
    if (!failed.isEmpty()) {
      throw new IOException("left behind: " + String.join("; ", failed));
    }
  }

  private static void remove(List<String> failed, String... command) {
    try {
      SystemCommand.run(command);
    } catch (IOException e) {
      if (!e.getMessage().contains("Cannot find device") && !e.getMessage().contains("No such file")) {
        failed.add(e.getMessage());
      }
    }
  }

  private static void deleteHostsFile(String ns, List<String> failed) {
    Path dir = NETNS_ETC.resolve(ns);
    try {
      Files.deleteIfExists(dir.resolve("hosts"));
      Files.deleteIfExists(dir);
    } catch (IOException e) {
      failed.add(dir + ": " + e.getMessage());
    }
  }

  /**
   * Removes the namespaces, links and hosts files of runs whose process is gone (killed before
   * it could remove them), and says what it removed: nothing, or one line.
   */
  public static String removeLeftovers() throws IOException {
    TreeSet<Long> owners = new TreeSet<>();
    List<String> failed = new ArrayList<>();
    int namespaces = 0;
    int links = 0;
    Matcher link = LEFT_LINK.matcher(SystemCommand.run("ip", "-o", "link", "show"));
    while (link.find()) {
      long pid = Long.parseLong(link.group(2));
      if (gone(pid)) {
        owners.add(pid);
        links++;
        remove(failed, "ip", "link", "del", link.group(1));
      }
    }
    Matcher ns = LEFT_NAMESPACE.matcher(SystemCommand.run("ip", "netns", "list"));
    while (ns.find()) {
      long pid = Long.parseLong(ns.group(1));
      if (gone(pid)) {
        owners.add(pid);
        namespaces++;
        remove(failed, "ip", "netns", "del", ns.group());
        deleteHostsFile(ns.group(), failed);
      }
    }
    if (Files.isDirectory(NETNS_ETC)) {
      try (var dirs = Files.list(NETNS_ETC)) {
        for (Path dir : dirs.toList()) {
          Matcher m = LEFT_NAMESPACE.matcher(dir.getFileName().toString());
          if (m.matches() && gone(Long.parseLong(m.group(1)))) {
            deleteHostsFile(dir.getFileName().toString(), failed);
          }
        }
      }
    }
    if (!failed.isEmpty()) {
      throw new IOException("cannot remove what an earlier run left: " + String.join("; ", failed));
    }
    return owners.isEmpty() ? "" : namespaces + " network namespaces and " + links + " links of process " + owners;
  }

  /** Whether the process that made a name is gone: its leftovers are nobody's. */
  static boolean gone(long pid) {
    return pid != ProcessHandle.current().pid() && ProcessHandle.of(pid).isEmpty();
  }
}
