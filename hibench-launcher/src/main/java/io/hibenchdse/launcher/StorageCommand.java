package io.hibenchdse.launcher;

import io.hibenchdse.cassandra.CassandraSettings;
import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.cfs.CfsConfigKeys;
import io.hibenchdse.core.UsageException;
import io.hibenchdse.launcher.storage.EmbeddedCfs;
import io.hibenchdse.launcher.storage.EmbeddedHBase;
import io.hibenchdse.launcher.storage.EmbeddedHdfs;
import io.hibenchdse.launcher.storage.EmbeddedStorage;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

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

  /** The client settings stock tools need, as Hadoop reads them from {@code <conf dir>/core-site.xml}. */
  private static final String[] CLIENT_KEYS = {FileSystem.FS_DEFAULT_NAME_KEY, DFSConfigKeys.DFS_REPLICATION_KEY, CfsConfigKeys.DATACENTER.key(), CfsConfigKeys.REPLICATION.key(),
      HibenchConfigKeys.STORAGE_NODES, HibenchConfigKeys.STORAGE_FSYNC, CfsConfigKeys.USERNAME.key(), CfsConfigKeys.TRUSTSTORE.key(), "hadoop.security.credential.provider.path"};

  @Command(name = "start", mixinStandardHelpOptions = true,
      description = {"Starts the storage and keeps it running until Ctrl-C or SIGTERM, then stops it cleanly.",
          "First prints `URI <uri>` and `CONF <dir>`: HADOOP_CONF_DIR=<dir> points Hadoop's tools at it."})
  static final class Start implements Callable<Integer> {
    /** What {@code storage start} serves: the suite's two file systems, or HBase on the HDFS. */
    enum Target { hdfs, cfs, hbase }

    @Option(names = "--target", required = true, paramLabel = "hdfs|cfs|hbase",
        description = "An HDFS (NameNode in this JVM, DataNodes in JVMs of their own), cfs:// on Cassandra nodes in child JVMs,"
            + " or HBase (a JVM of its own) on such an HDFS, its CONF dir holding hbase-site.xml.")
    Target target;

    @Option(names = "--nodes", defaultValue = "1",
        description = "HDFS DataNodes (and with hbase as many region servers), or Cassandra nodes on 127.0.0.1, 127.0.0.2, ..."
            + " (default: ${DEFAULT-VALUE}).")
    int nodes;

    @Option(names = "--dir", paramLabel = "D", description = "Where its data lives across starts (default: work/storage-<target>).")
    Path dir;

    @Option(names = "--secure", description = {"cfs only: nodes that require a login (PasswordAuthenticator) and TLS;",
        "the CONF dir names the user, the trust store and a credential provider holding the passwords."})
    boolean secure;

    private final PrintStream out;
    private final CountDownLatch stop;

    Start(PrintStream out, CountDownLatch stop) {
      this.out = out;
      this.stop = stop;
    }

    @Override
    public Integer call() throws Exception {
      RunCommand.checkNodes(nodes);
      if (secure && target != Target.cfs) {
        throw new UsageException("--secure is for --target cfs (an embedded HDFS has no login or TLS)");
      }
      Path home = dir != null ? dir : Path.of("work", "storage-" + target);
      if (Files.exists(home) && !Files.isDirectory(home)) {
        throw new UsageException("--dir " + home + " is a file, not a directory");
      }
      File data = home.resolve("data").toFile();
      EmbeddedStorage storage;
      try {
        storage = switch (target) {
          case hdfs -> EmbeddedHdfs.open(data, nodes, true);
          case hbase -> EmbeddedHBase.open(data, nodes);
          case cfs -> EmbeddedCfs.open(data, secure ? CassandraSettings.BENCHMARK.withPasswords().withTls()
              : CassandraSettings.BENCHMARK, nodes, Math.min(3, nodes));
        };
      } catch (IllegalArgumentException e) {
        throw new UsageException("--dir " + home + ": " + e.getMessage());
      }
      // SIGTERM and Ctrl-C stop it from this thread, not from a shutdown hook: HDFS's DataNodes
      // remove hooks of their own while they stop, which the JVM refuses once it is shutting down.
      for (String signal : new String[] {"TERM", "INT"}) {
        sun.misc.Signal.handle(new sun.misc.Signal(signal), sig -> stop.countDown());
      }
      try {
        Configuration conf = storage.conf();
        Path confDir = home.resolve("conf").toAbsolutePath();
        writeConf(conf, confDir);
        if (storage instanceof EmbeddedHBase hbase) {
          Files.copy(hbase.site(), confDir.resolve("hbase-site.xml"), StandardCopyOption.REPLACE_EXISTING);
        }
        out.println("URI " + conf.get(FileSystem.FS_DEFAULT_NAME_KEY));
        out.println("CONF " + confDir);
        out.println("storage: " + storage.describe());
        out.println("storage: data in " + data.getAbsolutePath() + "; Ctrl-C or SIGTERM stops it");
        stop.await();
        out.println("storage: stopping");
      } finally {
        storage.close();
      }
      out.println("storage: stopped; data kept in " + data.getAbsolutePath());
      return 0;
    }

    /**
     * A Hadoop configuration directory for the storage: core-site.xml with the client settings,
     * hdfs-site.xml with HDFS's (hdfs-default.xml would override them in core-site.xml), and for
     * cfs:// a hadoop-env.sh that puts the adapter jar on the stock {@code hadoop}'s class path;
     * log4j.properties, as the stock command expects one there.
     */
    private void writeConf(Configuration conf, Path confDir) throws IOException {
      Files.createDirectories(confDir);
      Map<String, String> core = new TreeMap<>();
      Map<String, String> hdfs = new TreeMap<>();
      for (String key : CLIENT_KEYS) {
        if (conf.get(key) != null) {
          (key.startsWith("dfs.") ? hdfs : core).put(key, conf.get(key));
        }
      }
      if (target == Target.cfs) {
        // YARN's job submission reaches the default file system through FileContext
        core.put("fs.AbstractFileSystem.cfs.impl", io.hibenchdse.cfs.Cfs.class.getName());
      }
      writeXml(core, confDir.resolve("core-site.xml"));
      writeXml(hdfs, confDir.resolve("hdfs-site.xml"));
      String env = "# written by bin/hibench storage start\n";
      if (target == Target.cfs) {
        env += "export HADOOP_CLASSPATH=\"" + adapterJar() + "${HADOOP_CLASSPATH:+:$HADOOP_CLASSPATH}\"\n";
      }
      Files.writeString(confDir.resolve("hadoop-env.sh"), env);
      try (InputStream in = StorageCommand.class.getResourceAsStream("conf-log4j.properties")) {
        Files.copy(in, confDir.resolve("log4j.properties"), StandardCopyOption.REPLACE_EXISTING);
      }
    }

    private static void writeXml(Map<String, String> settings, Path file) throws IOException {
      Configuration site = new Configuration(false);
      settings.forEach((k, v) -> site.set(k, v, "bin/hibench storage start"));
      try (OutputStream o = Files.newOutputStream(file)) {
        site.writeXml(o);
      }
    }

    /**
     * The adapter jar a stock Hadoop needs for cfs:// (its driver relocated): the build's
     * {@code cfs-adapter.jar} beside the classes the launcher runs with.
     */
    private static String adapterJar() throws IOException {
      Path classes;
      try {
        classes = Path.of(io.hibenchdse.cfs.CassandraFileSystem.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      } catch (java.net.URISyntaxException e) {
        throw new IOException(e);
      }
      Path shaded = classes.resolveSibling("cfs-adapter.jar");
      return (Files.exists(shaded) ? shaded : classes).toString();
    }
  }
}
