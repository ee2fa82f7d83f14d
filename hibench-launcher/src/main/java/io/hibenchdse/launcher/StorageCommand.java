package io.hibenchdse.launcher;

import io.hibenchdse.core.UsageException;
import io.hibenchdse.launcher.deployment.Deployment;
import io.hibenchdse.launcher.deployment.EmbeddedDeployment;
import io.hibenchdse.launcher.deployment.HostsDeployment;
import io.hibenchdse.launcher.deployment.Target;
import io.hibenchdse.launcher.deployment.WriteAck;
import java.io.File;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code bin/hibench storage start}: the embedded storage on its own, in the foreground, for stock
 * tools and scripts to use through the Hadoop configuration directory it writes. Its data stays
 * under {@code --dir} for the next start.
 */
@Command(name = "storage", mixinStandardHelpOptions = true,
    description = "The embedded storage on its own, for stock tools and scripts.")
final class StorageCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  /** The command line with its one subcommand, which needs its console and its stop signal. */
  static CommandLine commandLine(PrintStream out) {
    return new CommandLine(new StorageCommand()).addSubcommand("start", new Start(out, new CountDownLatch(1)));
  }

  @Override
  public Integer call() {
    throw new ParameterException(spec.commandLine(), "Missing required subcommand: start");
  }

  @Command(name = "start", mixinStandardHelpOptions = true,
      description = {"Starts the storage and keeps it running until Ctrl-C or SIGTERM, then stops it cleanly.",
          "First prints `URI <uri>` and `CONF <dir>`: HADOOP_CONF_DIR=<dir> points Hadoop's tools at it."})
  static final class Start implements Callable<Integer> {
    @Option(names = "--target", required = true, paramLabel = "hdfs|cfs|hbase",
        description = "An HDFS (NameNode in this JVM, DataNodes in JVMs of their own), cfs:// on Cassandra nodes in child JVMs,"
            + " or HBase (a JVM of its own) on such an HDFS, its CONF dir holding hbase-site.xml.")
    Target target;

    @Option(names = "--nodes", defaultValue = "1",
        description = "HDFS DataNodes (and with hbase as many region servers), or Cassandra nodes on 127.0.0.1, 127.0.0.2, ..."
            + " (default: ${DEFAULT-VALUE}).")
    int nodes;

    @Option(names = "--hosts", paramLabel = "N", description = {"A cluster of hosts on this machine instead (Linux,"
        + " root): a master and N workers, each a network namespace, HDFS's and YARN's daemons in JVMs of their own"
        + " (cfs: a Cassandra node on each worker for the DataNode; hbase: HBase's master on the master, a region server on"
        + " each worker);",
        "the CONF dir holds core, hdfs, yarn and mapred-site.xml (and hbase-site.xml), so a stock `hadoop jar` submits to its YARN.",
        "Its data is not kept: the hosts start fresh and are removed when it stops."})
    Integer hosts;

    @Option(names = "--link", paramLabel = "RATE[,DELAY]", description = "With --hosts: every host's link shaped by tc, such as 1gbit.")
    String link;

    @Option(names = "--sshd", description = "With --hosts: a real sshd (openssh-server) on every worker host, as a user's cluster"
        + " has; prints `SSH <options>`, ssh's options that reach the workers as root (for HIBENCH_SSH_OPTS).")
    boolean sshd;

    @Option(names = "--dir", paramLabel = "D", description = "Where its data lives across starts (default: work/storage-<target>).")
    Path dir;

    @Option(names = "--secure", description = {"cfs only: nodes that require a login (PasswordAuthenticator) and TLS;",
        "the CONF dir names the user, the trust store and a credential provider holding the passwords."})
    boolean secure;

    @Spec
    CommandSpec spec;

    private final PrintStream out;
    private final CountDownLatch stop;

    Start(PrintStream out, CountDownLatch stop) {
      this.out = out;
      this.stop = stop;
    }

    @Override
    public Integer call() throws Exception {
      if (hosts == null && (link != null || sshd)) {
        throw new UsageException((sshd ? "--sshd starts an sshd on the workers" : "--link shapes the links") + " of --hosts; give --hosts N");
      }
      if (hosts != null && (secure || spec.commandLine().getParseResult().hasMatchedOption("--nodes"))) {
        throw new UsageException("--hosts starts HDFS on hosts of its own: --nodes and --secure are for the embedded storage");
      }
      Path home = dir != null ? dir : Path.of("work", "storage-" + target);
      if (Files.exists(home) && !Files.isDirectory(home)) {
        throw new UsageException("--dir " + home + " is a file, not a directory");
      }
      File data = home.resolve(hosts == null ? "data" : "hosts-" + ProcessHandle.current().pid()).toFile();
      // the hosts' progress lines follow URI and CONF, which scripts read first
      java.io.ByteArrayOutputStream progress = new java.io.ByteArrayOutputStream();
      HostsDeployment.Apart apart = hosts == null ? null
          : new HostsDeployment(target, hosts, link, null, WriteAck.memory, new PrintStream(progress, true, "UTF-8"))
              .startApart(data.toPath().toAbsolutePath(), sshd);
      Deployment.Running storage = apart != null ? apart.running()
          : new EmbeddedDeployment(target, nodes, null, WriteAck.memory, null, Map.of(), secure).open(data);
      // SIGTERM and Ctrl-C stop it from this thread, not from a shutdown hook: HDFS's DataNodes
      // remove hooks of their own while they stop, which the JVM refuses once it is shutting down.
      for (String signal : new String[] {"TERM", "INT"}) {
        sun.misc.Signal.handle(new sun.misc.Signal(signal), sig -> stop.countDown());
      }
      try {
        Path confDir = home.resolve("conf").toAbsolutePath();
        storage.writeClientConf(confDir);
        out.println("URI " + storage.conf().get(FileSystem.FS_DEFAULT_NAME_KEY));
        out.println("CONF " + confDir);
        if (apart != null) {
          out.println("MASTER " + apart.masterNamespace());
          if (sshd) {
            out.println("SSH " + String.join(" ", apart.sshOptions()));
          }
        }
        out.print(progress.toString("UTF-8"));
        out.println("storage: " + storage.describe());
        out.println("storage: data in " + data.getAbsolutePath() + "; Ctrl-C or SIGTERM stops it");
        stop.await();
        out.println("storage: stopping");
      } finally {
        storage.close();
      }
      if (hosts != null) {
        FileUtil.fullyDelete(data);
        out.println("storage: stopped; the hosts and their data removed");
        return 0;
      }
      out.println("storage: stopped; data kept in " + data.getAbsolutePath());
      return 0;
    }
  }
}
