package io.hibenchdse.launcher.storage;

import io.hibenchdse.cassandra.CassandraSettings;
import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.cassandra.LocalCassandra;
import io.hibenchdse.cfs.CassandraFileSystem;
import io.hibenchdse.cfs.CfsConfigKeys;
import io.hibenchdse.core.UsageException;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.security.alias.CredentialProvider;
import org.apache.hadoop.security.alias.CredentialProviderFactory;

/**
 * cfs:// on a real Cassandra cluster of child JVMs on 127.0.0.1, 127.0.0.2, ..., its files under one
 * directory: replication as many nodes as there are, up to 3, written at QUORUM.
 */
public final class EmbeddedCfs implements EmbeddedStorage {
  private final LocalCassandra cluster;
  private final int replication;
  private final Map<String, String> clientSettings = new LinkedHashMap<>();

  private EmbeddedCfs(LocalCassandra cluster, int replication) {
    this.cluster = cluster;
    this.replication = replication;
  }

  /**
   * Checks the client settings given with {@code --cfs KEY=VALUE} before a cluster starts: each must
   * be a cfs:// setting, and replication has an option of its own.
   */
  public static void check(Map<String, String> given) {
    for (String key : given.keySet()) {
      if (key.equals(CfsConfigKeys.REPLICATION.key())) {
        throw new UsageException("--cfs " + key + ": set the replication with --replication");
      }
      if (Arrays.stream(CfsConfigKeys.values()).noneMatch(k -> k.key().equals(key))) {
        throw new UsageException("--cfs " + key + " is not a cfs:// setting; they are "
            + Arrays.stream(CfsConfigKeys.values()).map(CfsConfigKeys::key).collect(Collectors.joining(", ")));
      }
    }
  }

  /** This storage with client settings of {@code --cfs}, in every configuration it hands out and in its description. */
  public EmbeddedCfs with(Map<String, String> given) {
    check(given);
    clientSettings.putAll(given);
    return this;
  }

  /** A fresh cluster of {@code nodes} nodes under {@code dir}, whose keyspace has {@code replication} copies. */
  public static EmbeddedCfs start(File dir, CassandraSettings settings, int nodes, int replication) throws IOException {
    return new EmbeddedCfs(LocalCassandra.start(dir.toPath(), settings, nodes), replication).withSecrets();
  }

  /** cfs:// on {@code cluster}, started already (on hosts), its keyspace with {@code replication} copies. */
  public static EmbeddedCfs on(LocalCassandra cluster, int replication) throws IOException {
    return new EmbeddedCfs(cluster, replication).withSecrets();
  }

  /** The cluster under {@code dir} with its data, or a new one there (see {@link LocalCassandra#open}). */
  public static EmbeddedCfs open(File dir, CassandraSettings settings, int nodes, int replication) throws IOException {
    return new EmbeddedCfs(LocalCassandra.open(dir.toPath(), settings, nodes), replication).withSecrets();
  }

  public URI uri() {
    return URI.create("cfs://" + cluster.host() + ":" + cluster.port() + "/");
  }

  public LocalCassandra cluster() {
    return cluster;
  }

  @Override
  public List<ProcessHandle> serverProcesses() {
    return cluster.processes();
  }

  @Override
  public Configuration conf() {
    Configuration conf = new Configuration();
    conf.set(FileSystem.FS_DEFAULT_NAME_KEY, uri().toString());
    conf.set(CfsConfigKeys.DATACENTER.key(), LocalCassandra.DATACENTER);
    conf.setInt(CfsConfigKeys.REPLICATION.key(), replication);
    conf.setInt(HibenchConfigKeys.STORAGE_NODES, cluster.nodes());
    conf.setBoolean(HibenchConfigKeys.STORAGE_FSYNC, cluster.syncsBeforeAck());
    conf.set(HibenchConfigKeys.STORAGE_COMMIT_LOG, cluster.settings().commitLog().description());
    CassandraSettings settings = cluster.settings();
    if (settings.passwords() || settings.tls()) {
      conf.set(CredentialProviderFactory.CREDENTIAL_PROVIDER_PATH, "jceks://file" + secrets().toAbsolutePath());
    }
    if (settings.passwords()) {
      conf.set(CfsConfigKeys.USERNAME.key(), LocalCassandra.SUPERUSER);
    }
    if (settings.tls()) {
      conf.set(CfsConfigKeys.TRUSTSTORE.key(), cluster.truststore().toString());
    }
    clientSettings.forEach(conf::set);
    return conf;
  }

  private Path secrets() {
    return cluster.directory().resolve("secrets.jceks");
  }

  /**
   * A secured cluster's secrets (the login's password, the trust store's) in a credential provider
   * beside the nodes, so that no configuration file holds them.
   */
  private EmbeddedCfs withSecrets() throws IOException {
    CassandraSettings settings = cluster.settings();
    if (settings.passwords() || settings.tls()) {
      CredentialProvider store = CredentialProviderFactory.getProviders(conf()).get(0);
      if (settings.passwords()) {
        put(store, CfsConfigKeys.PASSWORD.key(), LocalCassandra.SUPERUSER);
      }
      if (settings.tls()) {
        put(store, CfsConfigKeys.TRUSTSTORE_PASSWORD.key(), LocalCassandra.TLS_STORE_PASSWORD);
      }
      store.flush();
    }
    return this;
  }

  private static void put(CredentialProvider store, String alias, String value) throws IOException {
    if (store.getCredentialEntry(alias) == null) {
      store.createCredentialEntry(alias, value.toCharArray());
    }
  }

  @Override
  public String describe() {
    Configuration conf = CassandraFileSystem.withDefaults(conf());
    CassandraSettings settings = cluster.settings();
    return "cfs:// at " + uri() + ": " + cluster.durability() + "; replication " + conf.get(CfsConfigKeys.REPLICATION.key())
        + ", consistency read " + conf.get(CfsConfigKeys.READ_CL.key())
        + ", write " + conf.get(CfsConfigKeys.WRITE_CL.key())
        + (conf.getBoolean(CfsConfigKeys.DURABLE_WRITES.key(), true) ? "" : "; durable_writes false: no commit log")
        + (settings.passwords() ? "; login required" : "") + (settings.tls() ? "; TLS required" : "")
        + (clientSettings.isEmpty() ? "" : "; set for this run: " + clientSettings);
  }

  @Override
  public void close() {
    try {
      // this JVM's cached client, which would try the stopped nodes for as long as the JVM lives
      FileSystem.get(uri(), conf()).close();
    } catch (IOException | RuntimeException e) {
      // no client to close (the nodes are gone, or the JVM is shutting down and closes its clients itself)
    }
    cluster.stop();
  }
}
