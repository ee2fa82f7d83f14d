package io.hibenchdse.hbase;

import io.hibenchdse.node.NodeProcess;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.LocalHBaseCluster;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.CompactionState;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.zookeeper.MiniZooKeeperCluster;

/**
 * Main class of the HBase JVM: ZooKeeper, a master and the region servers in one process, as HBase's
 * own standalone mode ({@code hbase master start}) runs them, with the {@code hbase-site.xml} that
 * {@link LocalHBase} wrote (its root directory on an HDFS). Signals readiness with a file once the
 * master serves, answers the parent's commands (settle, empty a table), and stops cleanly (region
 * servers flush, the WAL closes) when its standard input closes, so it never outlives the process
 * that started it.
 */
public final class HBaseNode {
  static final String SETTLE = "settle";
  static final String EMPTY = "empty";

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
      Connection admin = ConnectionFactory.createConnection(conf);
      NodeProcess.watchParent(line -> answer(dir, admin, line), () -> {
        try {
          admin.close();
        } catch (IOException e) {
          // stopping anyway
        }
        cluster.shutdown();
        cluster.join();
        try {
          zk.shutdown();
        } catch (IOException e) {
          e.printStackTrace();
        }
        System.exit(0);
      });
      awaitServing(conf, regionServers);
      NodeProcess.signalReady(dir, LocalHBase.READY);
    } catch (Throwable t) {
      t.printStackTrace();
      System.exit(1);
    }
  }

  /**
   * One command of the parent's: {@value #SETTLE} flushes every table and waits until none compacts
   * (answering the milliseconds), {@value #EMPTY} {@code TABLE} truncates a table keeping its
   * regions' splits (answering 0); a failure answers {@code failed: ...}.
   */
  private static void answer(Path dir, Connection connection, String line) {
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
      } else {
        answer = "failed: no such command: " + line;
      }
    } catch (Exception e) {
      answer = "failed: " + e;
    }
    try {
      NodeProcess.answer(dir, LocalHBase.ANSWER, answer);
    } catch (IOException e) {
      e.printStackTrace(); // the parent times out and names this log
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
