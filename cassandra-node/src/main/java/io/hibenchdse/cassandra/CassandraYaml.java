package io.hibenchdse.cassandra;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;

/** A node's {@code cassandra.yaml}: its address, the cluster's ports and seed, its token, directories and settings. */
final class CassandraYaml {
  private CassandraYaml() {}

  /** Writes node {@code i}'s file into its directory, making the directory (and a TLS cluster's stores). */
  static void write(ClusterLayout layout, CassandraSettings settings, TlsStores tls, int i) throws IOException {
    Path dir = layout.nodeDir(i);
    Files.createDirectories(dir);
    if (settings.tls()) {
      tls.make(layout.addresses());
    }
    String yaml = String.join("\n",
        "cluster_name: hibench",
        "num_tokens: 1",
        // evenly spread tokens: with RF below the node count, each node owns an equal share
        "initial_token: " + BigInteger.TWO.pow(64).multiply(BigInteger.valueOf(i)).divide(BigInteger.valueOf(layout.nodes()))
            .subtract(BigInteger.TWO.pow(63)),
        // a new cluster has no data to stream; a restarted node keeps its own
        "auto_bootstrap: false",
        "partitioner: org.apache.cassandra.dht.Murmur3Partitioner",
        "data_file_directories: [" + dir.resolve("data") + "]",
        "commitlog_directory: " + dir.resolve("commitlog"),
        "saved_caches_directory: " + dir.resolve("saved_caches"),
        "hints_directory: " + dir.resolve("hints"),
        "cdc_raw_directory: " + dir.resolve("cdc_raw"),
        settings.commitLog().yaml(),
        "seed_provider:",
        "  - class_name: org.apache.cassandra.locator.SimpleSeedProvider",
        "    parameters:",
        "      - seeds: \"" + layout.address(0) + ":" + layout.storagePort() + "\"",
        "listen_address: " + layout.address(i),
        "rpc_address: " + layout.address(i),
        "storage_port: " + layout.storagePort(),
        "native_transport_port: " + layout.nativePort(),
        "start_native_transport: true",
        "endpoint_snitch: SimpleSnitch",
        "auto_snapshot: false",
        settings.passwords() ? "authenticator: PasswordAuthenticator" : "",
        settings.tls() ? String.join("\n", "client_encryption_options:", "  enabled: true", "  optional: false",
            "  keystore: " + tls.keystore(), "  keystore_password: " + TlsStores.PASSWORD, "  store_type: PKCS12") : "",
        // No data cache inside the node, as in an HDFS DataNode: both read through the page cache.
        "file_cache_enabled: false",
        // Tests keep memtables small; a measured node keeps Cassandra's default (a quarter of the heap).
        settings.quick() ? "memtable_heap_space: 64MiB" : "",
        // The nodes share one machine's cores with YARN's tasks: a node busy for a few seconds is
        // slow, not dead, and convicting it fails every QUORUM write at replication 2.
        "phi_convict_threshold: 12",
        // Sub-blocks are mutations of megabytes: give them the time a loaded disk needs.
        "write_request_timeout: 20000ms",
        "read_request_timeout: 20000ms",
        "range_request_timeout: 20000ms",
        CassandraSettings.extraYaml().replace(";", "\n"),
        "");
    Files.writeString(dir.resolve("cassandra.yaml"), yaml);
  }
}
