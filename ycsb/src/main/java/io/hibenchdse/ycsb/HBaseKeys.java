package io.hibenchdse.ycsb;

import java.util.List;

/** The hbase2 binding's properties: the stock YCSB binding's names, and ours marked as such. */
public final class HBaseKeys {
  private HBaseKeys() {}

  public static final String COLUMN_FAMILY = "columnfamily";
  public static final String COLUMN_FAMILY_DEFAULT = "family";
  public static final String CLIENT_BUFFERING = "clientbuffering";
  public static final String WRITE_BUFFER_SIZE = "writebuffersize";
  public static final String WRITE_BUFFER_SIZE_DEFAULT = Long.toString(12L * 1024 * 1024);
  /** A write's WAL durability: HBase's {@code Durability} (USE_DEFAULT, SKIP_WAL, ASYNC_WAL, SYNC_WAL, FSYNC_WAL). */
  public static final String DURABILITY = "durability";
  public static final String DURABILITY_DEFAULT = "USE_DEFAULT";
  /** Acknowledged once the WAL is in the DataNodes' memory (hflush). */
  public static final String SYNC_WAL = "SYNC_WAL";
  /** Acknowledged once the WAL is on the DataNodes' disks (hsync). */
  public static final String FSYNC_WAL = "FSYNC_WAL";
  public static final String USE_PAGE_FILTER = "hbase.usepagefilter";
  /** Ours: the regions a table the binding creates is split into (default: 4 per region server). */
  public static final String REGIONS = "hbase.regions";
  /** HBase's own client settings that say where the cluster is (HBase's HConstants names them too). */
  public static final String ZOOKEEPER_QUORUM = "hbase.zookeeper.quorum";
  public static final String ZOOKEEPER_CLIENT_PORT = "hbase.zookeeper.property.clientPort";
  /** Every other {@code hbase.*} property is HBase's own client setting ({@code hbase.zookeeper.quorum}, ...). */
  public static final String HBASE_PREFIX = "hbase.";

  /** A directory whose {@code hbase-site.xml} the client reads, in place of {@code $HBASE_CONF_DIR}'s: a user's HBase. */
  public static final String CONF_DIR = "confdir";

  public static final List<String> ALL = List.of(COLUMN_FAMILY, CLIENT_BUFFERING, WRITE_BUFFER_SIZE, DURABILITY,
      USE_PAGE_FILTER, REGIONS, CONF_DIR);
}
