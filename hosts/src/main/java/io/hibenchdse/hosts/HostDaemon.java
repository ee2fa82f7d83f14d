package io.hibenchdse.hosts;

import io.hibenchdse.node.ChildJvm;
import io.hibenchdse.node.NodeProcess;
import java.io.Closeable;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One of Hadoop's daemons (a NameNode, a NodeManager, ...) in a JVM of its own on a host: in the
 * host's network namespace, its cgroups and a hostname of its own (so what it registers and what
 * YARN's containers under it see is the host's name), with the host's configuration directory
 * first on its class path. It stops, running Hadoop's shutdown hooks, when its parent closes its
 * standard input or dies.
 */
public final class HostDaemon implements Closeable {
  private final String host;
  private final String name;
  private final Process process;
  private final Path log;

  private HostDaemon(String host, String name, Process process, Path log) {
    this.host = host;
    this.name = name;
    this.process = process;
    this.log = log;
  }

  /**
   * Starts {@code mainClass} as the daemon {@code role} of {@code host}, with {@code heap} and the
   * class path {@code confDir} then this JVM's own, its output appended to {@code log}.
   */
  static HostDaemon start(HostNetwork net, HostCgroup cgroup, String host, String role, String mainClass, Path confDir,
      String heap, Path log, String... args) throws IOException {
    List<String> command = onHost(net, cgroup, host);
    command.addAll(ChildJvm.command());
    // its scratch (Jetty's jetty-* directories among it) in the host's directory, gone with the host
    Path tmp = Files.createDirectories(log.getParent().resolveSibling("tmp"));
    command.addAll(List.of(heap, "-Djava.io.tmpdir=" + tmp, "-Dhadoop.log.dir=" + log.getParent(), "-cp",
        confDir + java.io.File.pathSeparator + System.getProperty("java.class.path"), HostDaemon.class.getName(), role, host,
        mainClass));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
    builder.environment().put("HADOOP_CONF_DIR", confDir.toString());
    return new HostDaemon(host, role + " " + host, builder.start(), log);
  }

  /**
   * The words that run a command on {@code host}: in its cgroups, its network namespace (whose hosts
   * file names every host) and under its hostname.
   */
  static List<String> onHost(HostNetwork net, HostCgroup cgroup, String host) {
    // the cgroups first: inside the namespace, ip netns exec mounts a sysfs of its own, without them
    return new ArrayList<>(List.of("sh", "-c", cgroup.joinScript() + "exec \"$@\"", "sh",
        "ip", "netns", "exec", net.namespace(host), "unshare", "--uts", "--", "sh", "-c", "hostname " + host + " && exec \"$@\"", "sh"));
  }

  /** The host it runs on. */
  public String host() {
    return host;
  }

  /** The role and host, such as {@code NodeManager hibench-worker1}. */
  public String name() {
    return name;
  }

  public ProcessHandle handle() {
    return process.toHandle();
  }

  public Path log() {
    return log;
  }

  /** Throws, naming the daemon, its last error and its log, when its JVM has ended. */
  void checkAlive() throws IOException {
    if (!process.isAlive()) {
      throw new IOException(name + " exited with status " + process.exitValue() + ": " + NodeProcess.lastError(log));
    }
  }

  /** Ends it at once, as {@code kill -9} would: a host's failure. */
  public void kill() {
    ChildJvm.kill(process);
  }

  @Override
  public void close() {
    ChildJvm.stop(process, 30);
  }

  /** The child: {@code ROLE HOST MAINCLASS ARGS...}, the daemon's own main, ended by the end of standard input. */
  public static void main(String[] args) throws Exception {
    NodeProcess.watchParent(line -> { }, () -> System.exit(0));
    try {
      Class.forName(args[2]).getMethod("main", String[].class).invoke(null, (Object) Arrays.copyOfRange(args, 3, args.length));
    } catch (InvocationTargetException e) {
      System.err.println(args[0] + " on " + args[1] + " failed: " + e.getCause());
      e.getCause().printStackTrace();
      System.exit(1);
    }
  }
}
