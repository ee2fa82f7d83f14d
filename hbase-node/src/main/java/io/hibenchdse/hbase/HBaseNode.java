package io.hibenchdse.hbase;

import io.hibenchdse.node.NodeProcess;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.LocalHBaseCluster;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.zookeeper.MiniZooKeeperCluster;

/**
 * Main class of the HBase JVM: ZooKeeper, a master and the region servers in one process, as HBase's
 * own standalone mode ({@code hbase master start}) runs them, with the {@code hbase-site.xml} that
 * {@link LocalHBase} wrote (its root directory on an HDFS). Signals readiness with a file once the
 * master serves, and stops cleanly (region servers flush, the WAL closes) when its standard input
 * closes, so it never outlives the process that started it.
 */
public final class HBaseNode {
  private HBaseNode() {}

  public static void main(String[] args) {
    Path dir = Path.of(args[0]);
    int regionServers = Integer.parseInt(args[1]);
    try {
      Configuration conf = HBaseConfiguration.create();
      conf.addResource(dir.resolve(LocalHBase.SITE).toUri().toURL());
      MiniZooKeeperCluster zk = new MiniZooKeeperCluster(conf);
      zk.setDefaultClientPort(conf.getInt("hbase.zookeeper.property.clientPort", 2181));
      zk.startup(dir.resolve("zookeeper").toFile());
      LocalHBaseCluster cluster = new LocalHBaseCluster(conf, 1, regionServers);
      cluster.startup();
      Thread watch = new Thread(() -> {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII))) {
          while (in.readLine() != null) {
            // the parent writes nothing yet; end of input means it closed us or died
          }
        } catch (IOException e) {
          // stdin is gone: the same as end of input
        }
        cluster.shutdown();
        cluster.join();
        try {
          zk.shutdown();
        } catch (IOException e) {
          e.printStackTrace();
        }
        System.exit(0);
      }, "parent-watch");
      watch.setDaemon(true);
      watch.start();
      awaitServing(conf, regionServers);
      NodeProcess.signalReady(dir, LocalHBase.READY);
    } catch (Throwable t) {
      t.printStackTrace();
      System.exit(1);
    }
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
