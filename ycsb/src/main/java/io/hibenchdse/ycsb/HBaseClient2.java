package io.hibenchdse.ycsb;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.BufferedMutatorParams;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.filter.PageFilter;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.workloads.CoreWorkload;

/**
 * YCSB's {@code hbase2} binding on the HBase 2 client, with the stock binding's property names
 * ({@code columnfamily}, {@code clientbuffering}, {@code writebuffersize}, {@code durability},
 * {@code hbase.usepagefilter}), one connection shared by the JVM's threads. Unlike the stock binding it
 * creates the table when it is missing, split into {@code hbase.regions} regions (by default four per
 * region server) at YCSB's key range, and names the regions it found or made on stderr. The cluster
 * is the {@code hbase-site.xml} of {@code -p confdir=DIR}, else of {@code HBASE_CONF_DIR} (or {@code HADOOP_CONF_DIR}), and any
 * {@code -p hbase.*} property is HBase's own setting ({@code hbase.zookeeper.quorum}, ...).
 */
public class HBaseClient2 extends DB {
  /** The connection and settings every thread of this JVM shares, closed with the last thread. */
  private static final class Shared implements PerJvm.Closeable {
    final Connection connection;
    final TableName table;
    final byte[] family;
    final Durability durability;
    final boolean buffering;
    final long bufferSize;
    final boolean pageFilter;

    Shared(Properties p) throws DBException {
      Configuration conf = HBaseConfiguration.create();
      for (String dir : new String[] {p.getProperty(HBaseKeys.CONF_DIR), System.getenv("HBASE_CONF_DIR"),
          System.getenv("HADOOP_CONF_DIR")}) {
        if (dir != null && Files.isRegularFile(Path.of(dir, "hbase-site.xml"))) {
          conf.addResource(new org.apache.hadoop.fs.Path(Path.of(dir, "hbase-site.xml").toUri()));
          break;
        }
      }
      for (String name : p.stringPropertyNames()) {
        if (name.startsWith(HBaseKeys.HBASE_PREFIX) && !HBaseKeys.ALL.contains(name)) {
          conf.set(name, p.getProperty(name));
        }
      }
      table = TableName.valueOf(p.getProperty(CoreWorkload.TABLENAME_PROPERTY, CoreWorkload.TABLENAME_PROPERTY_DEFAULT));
      family = p.getProperty(HBaseKeys.COLUMN_FAMILY, HBaseKeys.COLUMN_FAMILY_DEFAULT).getBytes(StandardCharsets.UTF_8);
      try {
        durability = Durability.valueOf(p.getProperty(HBaseKeys.DURABILITY, HBaseKeys.DURABILITY_DEFAULT));
      } catch (IllegalArgumentException e) {
        throw new DBException(HBaseKeys.DURABILITY + "=" + p.getProperty(HBaseKeys.DURABILITY)
            + " is none of HBase's: USE_DEFAULT, SKIP_WAL, ASYNC_WAL, SYNC_WAL, FSYNC_WAL");
      }
      buffering = Boolean.parseBoolean(p.getProperty(HBaseKeys.CLIENT_BUFFERING, "false"));
      bufferSize = Long.parseLong(p.getProperty(HBaseKeys.WRITE_BUFFER_SIZE, HBaseKeys.WRITE_BUFFER_SIZE_DEFAULT));
      pageFilter = Boolean.parseBoolean(p.getProperty(HBaseKeys.USE_PAGE_FILTER, "true"));
      // fail fast on a ZooKeeper nobody answers at, rather than after HBase's many retries
      conf.setIfUnset("hbase.client.retries.number", "3");
      conf.setIfUnset("zookeeper.recovery.retry", "1");
      String where = conf.get(HBaseKeys.ZOOKEEPER_QUORUM) + ":" + conf.get(HBaseKeys.ZOOKEEPER_CLIENT_PORT, "2181");
      reachable(conf, where);
      try {
        connection = ConnectionFactory.createConnection(conf);
      } catch (IOException e) {
        throw new DBException("cannot reach HBase through ZooKeeper at " + where + ": " + e.getMessage(), e);
      }
      try (Admin admin = connection.getAdmin()) {
        int servers = admin.getRegionServers().size();
        if (!admin.tableExists(table)) {
          int regions = Integer.parseInt(p.getProperty(HBaseKeys.REGIONS, Integer.toString(4 * Math.max(1, servers))));
          admin.createTable(TableDescriptorBuilder.newBuilder(table).setColumnFamily(ColumnFamilyDescriptorBuilder.of(family)).build(),
              splits(regions));
        }
        TableDescriptor found = admin.getDescriptor(table);
        if (!found.hasColumnFamily(family)) {
          // every write would fail alone, and YCSB would report a run of errors
          throw new DBException("table " + table + " has no column family '" + Bytes.toString(family) + "' ("
              + HBaseKeys.COLUMN_FAMILY + "); it has " + found.getColumnFamilyNames().stream().map(Bytes::toString).sorted().toList());
        }
        System.err.println("hbase2: table " + table + ", " + admin.getRegions(table).size() + " regions on " + servers
            + " region server(s)");
      } catch (DBException e) {
        close();
        throw e;
      } catch (IOException e) {
        close();
        throw new DBException("cannot create or find table " + table + " through ZooKeeper at " + where + ": " + e.getMessage(), e);
      }
    }

    @Override
    public void close() {
      try {
        connection.close();
      } catch (IOException e) {
        // the JVM ends with the phase
      }
    }
  }

  /**
   * Whether any ZooKeeper of the quorum accepts a connection: HBase's client would retry one that
   * nothing listens at for minutes, where this says so at once.
   */
  private static void reachable(Configuration conf, String where) throws DBException {
    int port = conf.getInt(HBaseKeys.ZOOKEEPER_CLIENT_PORT, 2181);
    for (String host : conf.getTrimmedStrings(HBaseKeys.ZOOKEEPER_QUORUM, "localhost")) {
      String[] hp = host.split(":");
      try (java.net.Socket socket = new java.net.Socket()) {
        socket.connect(new java.net.InetSocketAddress(hp[0], hp.length > 1 ? Integer.parseInt(hp[1]) : port), 5_000);
        return;
      } catch (IOException e) {
        // the next one, if any
      }
    }
    throw new DBException("cannot reach HBase: no ZooKeeper answers at " + where);
  }

  /** Split points over YCSB's keys ({@code user} and a number), as YCSB's own HBase instructions make them. */
  static byte[][] splits(int regions) {
    byte[][] splits = new byte[Math.max(0, regions - 1)][];
    for (int i = 1; i < regions; i++) {
      splits[i - 1] = ("user" + (1000 + i * (9999 - 1000) / regions)).getBytes(StandardCharsets.UTF_8);
    }
    return splits;
  }

  private static final PerJvm<Shared> SHARED = new PerJvm<>();
  private Shared s;
  private Table table;
  private BufferedMutator mutator;

  @Override
  public void init() throws DBException {
    s = SHARED.acquire(() -> new Shared(getProperties()));
    try {
      table = s.connection.getTable(s.table);
      if (s.buffering) {
        mutator = s.connection.getBufferedMutator(new BufferedMutatorParams(s.table).writeBufferSize(s.bufferSize));
      }
    } catch (IOException e) {
      throw new DBException("cannot open table " + s.table + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void cleanup() throws DBException {
    try {
      if (mutator != null) {
        mutator.close(); // flushes what is buffered: YCSB's runtime includes it
      }
      if (table != null) {
        table.close();
      }
    } catch (IOException e) {
      throw new DBException("cannot flush the buffered writes: " + e.getMessage(), e);
    } finally {
      SHARED.release(s);
      s = null;
    }
  }

  @Override
  public Status read(String tableName, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      Get get = new Get(bytes(key));
      if (fields == null) {
        get.addFamily(s.family);
      } else {
        fields.forEach(f -> get.addColumn(s.family, bytes(f)));
      }
      Result r = table.get(get);
      if (r.isEmpty()) {
        return Status.NOT_FOUND;
      }
      put(r, result);
      return Status.OK;
    } catch (IOException | RuntimeException e) {
      return Errors.of(Binding.HBASE2, "read", key, e);
    }
  }

  @Override
  public Status scan(String tableName, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    Scan scan = new Scan().withStartRow(bytes(startkey)).setLimit(recordcount).setCaching(recordcount);
    if (s.pageFilter) {
      scan.setFilter(new PageFilter(recordcount));
    }
    if (fields == null) {
      scan.addFamily(s.family);
    } else {
      fields.forEach(f -> scan.addColumn(s.family, bytes(f)));
    }
    try (ResultScanner rows = table.getScanner(scan)) {
      for (Result r : rows) {
        HashMap<String, ByteIterator> tuple = new HashMap<>();
        put(r, tuple);
        result.add(tuple);
      }
      return Status.OK;
    } catch (IOException | RuntimeException e) {
      return Errors.of(Binding.HBASE2, "scan", startkey, e);
    }
  }

  @Override
  public Status update(String tableName, String key, Map<String, ByteIterator> values) {
    Put put = new Put(bytes(key)).setDurability(s.durability);
    values.forEach((f, v) -> put.addColumn(s.family, bytes(f), v.toArray()));
    return write("write", key, put);
  }

  @Override
  public Status insert(String tableName, String key, Map<String, ByteIterator> values) {
    return update(tableName, key, values);
  }

  @Override
  public Status delete(String tableName, String key) {
    return write("delete", key, new Delete(bytes(key)).setDurability(s.durability));
  }

  /** A put or delete, through the client's buffer when {@code clientbuffering} is on. */
  private Status write(String operation, String key, Mutation m) {
    try {
      if (mutator != null) {
        mutator.mutate(m);
      } else if (m instanceof Put put) {
        table.put(put);
      } else {
        table.delete((Delete) m);
      }
      return Status.OK;
    } catch (IOException | RuntimeException e) {
      return Errors.of(Binding.HBASE2, operation, key, e);
    }
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static void put(Result r, Map<String, ByteIterator> into) {
    for (Cell c : r.rawCells()) {
      into.put(new String(CellUtil.cloneQualifier(c), StandardCharsets.UTF_8), new ByteArrayByteIterator(CellUtil.cloneValue(c)));
    }
  }
}
