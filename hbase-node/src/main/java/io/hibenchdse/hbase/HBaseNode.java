package io.hibenchdse.hbase;

import io.hibenchdse.node.NodeProcess;
import io.hibenchdse.node.SiteSettings;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.Collection;
import java.util.EnumSet;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.LocalHBaseCluster;
import org.apache.hadoop.hbase.ServerMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.CompactionState;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.zookeeper.server.ServerCnxnFactory;
import org.apache.zookeeper.server.ZooKeeperServer;

/**
 * Main class of an HBase JVM, with the {@code hbase-site.xml} that {@link LocalHBase} wrote (its root
 * directory on an HDFS), in one of four roles: {@value #STANDALONE} runs ZooKeeper, a master and the
 * region servers in one process, as HBase's own standalone mode ({@code hbase master start}) does;
 * {@value #MASTER} runs ZooKeeper and the master of a distributed HBase, {@value #REGION_SERVER} one
 * of its region servers; {@value #CLIENT} runs nothing but a client of a running HBase, with that
 * HBase's {@code hbase-site.xml} ({@link ClusterHBase}). Signals readiness with a file once the master serves, answers the parent's
 * commands (settle, empty a table), and stops cleanly (region servers flush, the WAL closes) when
 * its standard input closes, so it never outlives the process that started it.
 */
public final class HBaseNode {
  static final String SETTLE = "settle";
  static final String EMPTY = "empty";
  static final String RESTART_REGION_SERVER = "restart-region-server";
  static final String DESCRIBE = "describe";
  /** How an answer says a command failed. */
  static final String FAILED = "failed: ";
  static final String STANDALONE = "standalone";
  static final String MASTER = "master";
  static final String REGION_SERVER = "regionserver";
  /** A client of a running HBase (a user's), its {@code hbase-site.xml} in the directory of the fourth argument. */
  static final String CLIENT = "client";

  private HBaseNode() {}

  public static void main(String[] args) {
    Path dir = Path.of(args[0]);
    int regionServers = Integer.parseInt(args[1]);
    String role = args[2];
    if (role.equals(CLIENT)) {
      client(dir, Path.of(args[3]));
      return;
    }
    boolean master = !role.equals(REGION_SERVER);
    try {
      // a region server started again in this JVM registers its metrics under the same names, as in HBase's own mini cluster
      DefaultMetricsSystem.setMiniClusterMode(true);
      Configuration conf = HBaseConfiguration.create();
      conf.addResource(dir.resolve(LocalHBase.SITE).toUri().toURL());
      SiteSettings.all().forEach(conf::set);
      ServerCnxnFactory zk = master ? startZooKeeper(conf, dir.resolve("zookeeper")) : null;
      LocalHBaseCluster cluster = new LocalHBaseCluster(conf, master ? 1 : 0,
          role.equals(STANDALONE) ? regionServers : role.equals(MASTER) ? 0 : 1);
      if (role.equals(STANDALONE)) {
        cluster.startup();
      } else {
        // startup() starts region servers only beside a master, and waits until the master has
        // finished starting, which it does once a region server (in another JVM) carries meta
        cluster.getMasters().forEach(Thread::start);
        cluster.getRegionServers().forEach(Thread::start);
      }
      Connection admin = master ? ConnectionFactory.createConnection(conf) : null;
      NodeProcess.watchParent(line -> answer(dir, cluster, admin, line), () -> {
        try {
          if (admin != null) {
            admin.close();
          }
        } catch (IOException e) {
          // stopping anyway
        }
        cluster.shutdown();
        cluster.join();
        if (zk != null) {
          zk.shutdown();
        }
        System.exit(0);
      });
      if (role.equals(MASTER)) {
        NodeProcess.signalReady(dir, LocalHBase.STARTED);
      }
      if (master) {
        awaitServing(conf, regionServers);
      }
      NodeProcess.signalReady(dir, LocalHBase.READY);
    } catch (Throwable t) {
      t.printStackTrace();
      System.exit(1);
    }
  }

  /**
   * A client of the running HBase that {@code confDir}'s {@code hbase-site.xml} names: ready once its
   * master answers, then the parent's commands, until its standard input closes.
   */
  private static void client(Path dir, Path confDir) {
    try {
      Configuration conf = HBaseConfiguration.create();
      conf.addResource(confDir.resolve(LocalHBase.SITE).toUri().toURL());
      SiteSettings.all().forEach(conf::set);
      // A master nobody answers for is said in seconds by a first connection that gives up soon, not
      // after HBase's 15 retries (two minutes of backing off); the client's own keeps the user's.
      Configuration probe = new Configuration(conf);
      probe.setInt(HConstants.HBASE_CLIENT_RETRIES_NUMBER, 3);
      probe.setInt("zookeeper.recovery.retry", 1);
      try (Connection first = ConnectionFactory.createConnection(probe); Admin admin = first.getAdmin()) {
        admin.getClusterMetrics(EnumSet.of(ClusterMetrics.Option.LIVE_SERVERS));
      }
      Connection connection = ConnectionFactory.createConnection(conf);
      NodeProcess.watchParent(line -> answer(dir, null, connection, line), () -> {
        try {
          connection.close();
        } catch (IOException e) {
          // stopping anyway
        }
        System.exit(0);
      });
      NodeProcess.signalReady(dir, LocalHBase.READY);
      // the client's threads are daemons: this one keeps the JVM until the parent closes its input
      Thread.currentThread().join();
    } catch (Throwable t) {
      t.printStackTrace();
      System.exit(1);
    }
  }

  /**
   * ZooKeeper's own server on the quorum's address (the loopback, or the master host's address,
   * which the region servers on the other hosts reach), its data under {@code data}.
   */
  private static ServerCnxnFactory startZooKeeper(Configuration conf, Path data) throws IOException, InterruptedException {
    java.nio.file.Files.createDirectories(data);
    ZooKeeperServer server = new ZooKeeperServer(data.toFile(), data.toFile(), 2000);
    ServerCnxnFactory factory = ServerCnxnFactory.createFactory(
        new InetSocketAddress(conf.get(HConstants.ZOOKEEPER_QUORUM), conf.getInt(HConstants.ZOOKEEPER_CLIENT_PORT, 2181)), 1000);
    factory.startup(server);
    return factory;
  }

  /**
   * One command of the parent's: {@value #SETTLE} flushes every table and waits until none compacts
   * (answering the milliseconds), {@value #EMPTY} {@code TABLE} truncates a table keeping its
   * regions' splits (answering 0), {@value #RESTART_REGION_SERVER} crashes the first region server
   * and starts another in its place (answering the milliseconds until it serves; not in a client),
   * {@value #DESCRIBE} answers the version and the region servers' WAL settings; a failure answers
   * {@code failed: ...}.
   */
  private static void answer(Path dir, LocalHBaseCluster cluster, Connection connection, String line) {
    long start = System.nanoTime();
    String answer;
    try (Admin admin = connection.getAdmin()) {
      if (line.equals(SETTLE)) {
        for (TableDescriptor t : admin.listTableDescriptors()) {
          admin.flush(t.getTableName());
        }
        int quiet = 0;
        while (quiet < 2) {
          Thread.sleep(100);
          boolean busy = false;
          for (TableDescriptor t : admin.listTableDescriptors()) {
            busy |= admin.getCompactionState(t.getTableName()) != CompactionState.NONE;
          }
          quiet = busy ? 0 : quiet + 1;
        }
        answer = Long.toString(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
      } else if (line.startsWith(EMPTY + " ")) {
        TableName table = TableName.valueOf(line.substring(EMPTY.length() + 1));
        if (admin.tableExists(table)) {
          admin.disableTable(table);
          admin.truncateTable(table, true);
        }
        answer = "0";
      } else if (line.equals(DESCRIBE)) {
        answer = describe(admin);
      } else if (line.equals(RESTART_REGION_SERVER) && cluster != null) {
        // a crash, not a stop: nothing flushed, the master splits the dead server's WAL and replays it
        // into the regions it reopens on the new server
        ServerName crashed = cluster.getRegionServer(0).getServerName();
        cluster.getRegionServer(0).abort("crashed on the parent's command");
        cluster.waitOnRegionServer(0);
        cluster.addRegionServer().start();
        while (!recovered(connection, admin, crashed)) {
          Thread.sleep(100);
        }
        answer = Long.toString(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
      } else {
        answer = FAILED + "no such command: " + line;
      }
    } catch (Exception e) {
      answer = FAILED + e;
    }
    try {
      NodeProcess.answer(dir, LocalHBase.ANSWER, answer);
    } catch (IOException e) {
      e.printStackTrace(); // the parent times out and names this log
    }
  }

  /**
   * HBase's version and, a line each, every live region server's host and what its own configuration
   * (its info server's {@code /conf}) says of its WAL: {@code version<TAB>V}, then {@code
   * server<TAB>HOST<TAB>HSYNC<TAB>COPIES}, or {@code server<TAB>HOST<TAB>unread<TAB>WHY}.
   */
  private static String describe(Admin admin) throws IOException {
    ClusterMetrics metrics = admin.getClusterMetrics(EnumSet.of(ClusterMetrics.Option.HBASE_VERSION, ClusterMetrics.Option.LIVE_SERVERS));
    StringBuilder b = new StringBuilder("version\t").append(metrics.getHBaseVersion()).append('\n');
    for (java.util.Map.Entry<ServerName, ServerMetrics> e : new java.util.TreeMap<>(metrics.getLiveServerMetrics()).entrySet()) {
      String host = e.getKey().getHostname();
      b.append("server\t").append(host).append('\t');
      int port = e.getValue().getInfoServerPort();
      String url = "http://" + host + ":" + port + "/conf";
      try {
        if (port <= 0) {
          throw new IOException("it runs no info server");
        }
        java.net.URLConnection c = java.net.URI.create(url).toURL().openConnection();
        c.setConnectTimeout(10_000);
        c.setReadTimeout(10_000);
        Configuration served = new Configuration(false);
        try (java.io.InputStream in = c.getInputStream()) {
          served.addResource(new java.io.ByteArrayInputStream(in.readAllBytes()), url);
        }
        // the WAL is a file of the region server's HDFS client: its default replication
        b.append(served.getBoolean(LocalHBase.WAL_HSYNC, false)).append('\t')
            .append(served.getInt(org.apache.hadoop.hdfs.DFSConfigKeys.DFS_REPLICATION_KEY,
                org.apache.hadoop.hdfs.DFSConfigKeys.DFS_REPLICATION_DEFAULT));
      } catch (IOException | RuntimeException x) {
        b.append("unread\t").append(url).append(": ").append(String.valueOf(x.getMessage()).lines().findFirst().orElse(""));
      }
      b.append('\n');
    }
    return b.toString();
  }

  /**
   * Whether the master has dealt with {@code crashed}: it is no longer live, no region is in
   * transition, and meta places every region of every table on a live server.
   */
  private static boolean recovered(Connection connection, Admin admin, ServerName crashed) {
    try {
      return placedOnLive(connection, admin, crashed);
    } catch (IOException e) {
      return false; // meta itself may be on the crashed server until the master reassigns it
    }
  }

  private static boolean placedOnLive(Connection connection, Admin admin, ServerName crashed) throws IOException {
    Collection<ServerName> live = admin.getRegionServers();
    if (live.contains(crashed) || !admin.getClusterMetrics().getRegionStatesInTransition().isEmpty()) {
      return false;
    }
    for (TableDescriptor t : admin.listTableDescriptors()) {
      try (RegionLocator locator = connection.getRegionLocator(t.getTableName())) {
        for (HRegionLocation l : locator.getAllRegionLocations()) {
          if (!live.contains(l.getServerName())) {
            return false;
          }
        }
      }
    }
    return true;
  }

  /** Until the master is initialized and sees every region server: then a client's first table is served. */
  private static void awaitServing(Configuration conf, int regionServers) throws Exception {
    try (Connection c = ConnectionFactory.createConnection(conf); Admin admin = c.getAdmin()) {
      while (admin.getClusterMetrics().getLiveServerMetrics().size() < regionServers || admin.isMasterInMaintenanceMode()) {
        Thread.sleep(100);
      }
      admin.listTableNames(); // answers once the master has finished initializing (meta assigned)
    }
  }
}
