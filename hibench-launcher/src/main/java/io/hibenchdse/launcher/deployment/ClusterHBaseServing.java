package io.hibenchdse.launcher.deployment;

import io.hibenchdse.core.FailureLog;
import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.core.UsageException;
import io.hibenchdse.hbase.ClusterHBase;
import io.hibenchdse.hbase.LocalHBase;
import io.hibenchdse.ycsb.HBaseKeys;
import io.hibenchdse.ycsb.YcsbArgs;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Properties;
import org.apache.hadoop.fs.FileUtil;

/**
 * YCSB's phases on a user's HBase, with the hygiene they get at home: a table emptied (truncated,
 * its splits kept) before a load; before a measured phase every table flushed and no compaction
 * running, through HBase's Admin API; the WAL's sync and copies read from the region servers' own
 * configuration and recorded, so {@code compare} matches durability as at home.
 */
final class ClusterHBaseServing implements ServingCluster {
  private final HBaseSite site;
  private final Path scratch;
  private final ClusterHBase hbase;
  private final ClusterHBase.Description description;
  private final LocalHBase.Settings settings;

  private ClusterHBaseServing(HBaseSite site, Path scratch, ClusterHBase hbase) throws IOException {
    this.site = site;
    this.scratch = scratch;
    this.hbase = hbase;
    this.description = hbase.describe();
    this.settings = one(site, description);
  }

  /** The region servers' hosts. */
  List<String> hosts() {
    return description.regionServers().stream().map(ClusterHBase.RegionServer::host).toList();
  }

  /**
   * Connects to the HBase of {@code site} before any step, checking that it answers and that its
   * region servers say what their WAL does: a UsageException says in one line why not. The client
   * stays for YCSB's phases.
   */
  static ClusterHBaseServing checked(HBaseSite site) {
    // the client's answers and log, beside the suite's other logs: kept where it fails, as its full trace
    Path scratch = FailureLog.dir().resolve("hbase-client-" + ProcessHandle.current().pid() + "-" + System.nanoTime());
    ClusterHBase hbase = null;
    try {
      hbase = ClusterHBase.connect(site.confDir(), scratch);
      return new ClusterHBaseServing(site, scratch, hbase);
    } catch (IOException e) {
      if (hbase != null) {
        hbase.close();
      }
      throw new UsageException("--serving " + site + " does not answer: " + UserCluster.firstLine(e));
    } catch (RuntimeException e) {
      if (hbase != null) {
        hbase.close();
      }
      FileUtil.fullyDelete(scratch.toFile());
      throw e;
    }
  }

  /** The one WAL setting every region server has; servers that differ, or do not say, are an HBase the suite cannot describe in a line. */
  private static LocalHBase.Settings one(HBaseSite site, ClusterHBase.Description d) {
    if (d.regionServers().isEmpty()) {
      throw new UsageException("--serving " + site + ": the HBase has no live region server");
    }
    LinkedHashSet<LocalHBase.Settings> values = new LinkedHashSet<>();
    for (ClusterHBase.RegionServer rs : d.regionServers()) {
      if (rs.settings() == null) {
        throw new UsageException("--serving " + site + ": the region server on " + rs.host() + " does not say what its WAL does ("
            + rs.unread() + "), so no record could say what a write reached");
      }
      values.add(rs.settings());
    }
    if (values.size() != 1) {
      throw new UsageException("--serving " + site + ": the region servers' WAL settings differ: " + d.regionServers());
    }
    return values.iterator().next();
  }

  @Override
  public ServingStore store() {
    return ServingStore.hbase;
  }

  @Override
  public String describe() {
    return "the HBase of " + site.confDir() + ": HBase " + description.version() + ", " + description.regionServers().size()
        + " region server(s), " + settings.description();
  }

  /** The client reads the user's {@code hbase-site.xml}; the table split four regions a region server, as at home. */
  @Override
  public List<String> connection() {
    return List.of("-p", HBaseKeys.CONF_DIR + "=" + site.confDir(), "-p",
        HBaseKeys.REGIONS + "=" + 4 * description.regionServers().size());
  }

  @Override
  public void empty(Properties phase) throws IOException {
    hbase.empty(phase.getProperty(YcsbArgs.TABLE, YcsbArgs.TABLE_DEFAULT));
  }

  @Override
  public long settle() throws IOException {
    return hbase.settle();
  }

  @Override
  public String flushed() {
    return "flushed (HBase's Admin API)";
  }

  @Override
  public void record(RunResult r) {
    HBaseServing.record(r, settings, description.regionServers().size());
    r.configured(HibenchConfigKeys.SERVING_FLUSH, flushed());
  }

  /** Stops the client, once; the HBase is the user's. */
  @Override
  public void close() {
    hbase.close();
    FileUtil.fullyDelete(scratch.toFile());
  }
}
