package io.hibenchdse.launcher.deployment;

import io.hibenchdse.cfs.CassandraFileSystem;
import io.hibenchdse.cfs.Cfs;
import io.hibenchdse.cfs.CfsConfigKeys;
import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.hosts.ClusterSites;
import io.hibenchdse.launcher.storage.EmbeddedHBase;
import io.hibenchdse.launcher.storage.EmbeddedStorage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.security.alias.CredentialProviderFactory;

/**
 * A Hadoop configuration directory for a running storage, so stock tools reach it with
 * {@code HADOOP_CONF_DIR}: core-site.xml with the client settings, hdfs-site.xml with HDFS's
 * (hdfs-default.xml would override them in core-site.xml), for cfs:// a hadoop-env.sh that puts the
 * adapter jar on the stock {@code hadoop}'s class path, for HBase its hbase-site.xml, and
 * log4j.properties, as the stock command expects one there.
 */
final class ClientConf {
  /** The client settings stock tools need, as Hadoop reads them from {@code <conf dir>/core-site.xml}. */
  private static final String[] CLIENT_KEYS = {FileSystem.FS_DEFAULT_NAME_KEY, DFSConfigKeys.DFS_REPLICATION_KEY,
      CfsConfigKeys.DATACENTER.key(), CfsConfigKeys.REPLICATION.key(), HibenchConfigKeys.STORAGE_NODES,
      HibenchConfigKeys.STORAGE_FSYNC, CfsConfigKeys.USERNAME.key(), CfsConfigKeys.TRUSTSTORE.key(),
      CredentialProviderFactory.CREDENTIAL_PROVIDER_PATH};

  private ClientConf() {}

  static void write(EmbeddedStorage storage, Path dir) throws IOException {
    Configuration conf = storage.conf();
    boolean cfs = conf.get(FileSystem.FS_DEFAULT_NAME_KEY, "").startsWith("cfs:");
    Files.createDirectories(dir);
    Map<String, String> core = new TreeMap<>();
    Map<String, String> hdfs = new TreeMap<>();
    for (String key : CLIENT_KEYS) {
      if (conf.get(key) != null) {
        (key.startsWith("dfs.") ? hdfs : core).put(key, conf.get(key));
      }
    }
    if (cfs) {
      // YARN's job submission reaches the default file system through FileContext
      core.put(Cfs.IMPL_KEY, Cfs.class.getName());
    }
    writeXml(core, dir.resolve("core-site.xml"));
    writeXml(hdfs, dir.resolve("hdfs-site.xml"));
    String env = "# written by bin/hibench storage start\n";
    if (cfs) {
      env += "export HADOOP_CLASSPATH=\"" + ClusterJar.cfsAdapter().toString() + "${HADOOP_CLASSPATH:+:$HADOOP_CLASSPATH}\"\n";
    }
    Files.writeString(dir.resolve("hadoop-env.sh"), env);
    ClusterSites.writeLog4j(dir);
    if (storage instanceof EmbeddedHBase hbase) {
      Files.copy(hbase.site(), dir.resolve("hbase-site.xml"), StandardCopyOption.REPLACE_EXISTING);
    }
  }

  private static void writeXml(Map<String, String> settings, Path file) throws IOException {
    Configuration site = new Configuration(false);
    settings.forEach((k, v) -> site.set(k, v, "bin/hibench storage start"));
    try (OutputStream o = Files.newOutputStream(file)) {
      site.writeXml(o);
    }
  }
}
