package io.hibenchdse.cfs;

import io.hibenchdse.cassandra.CassandraSettings;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.cassandra.LocalCassandra;
import io.hibenchdse.tiers.FullTier;
import java.io.IOException;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.security.alias.CredentialProvider;
import org.apache.hadoop.security.alias.CredentialProviderFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * cfs:// to a node that requires TLS and a login, as production clusters are set up: with the
 * node's certificate trusted (and the store's password from a credential provider) files go both
 * ways; a trust store without it, or a client that does not speak TLS, ends in one line naming
 * the host and the cause.
 */
@FullTier
class TlsTest {
  @TempDir static Path dir;
  static LocalCassandra node;

  @BeforeAll
  static void start() throws IOException {
    Path data = Path.of(System.getProperty("test.build.data", "target/test-data"), "cassandra-tls");
    node = LocalCassandra.start(data, CassandraSettings.TESTS.withPasswords().withTls());
  }

  @AfterAll
  static void stop() {
    if (node != null) {
      node.close();
    }
  }

  /** A client configuration trusting {@code truststore}, logging in as the superuser; secrets in a JCEKS file. */
  private static Configuration conf(Path truststore) throws IOException {
    Configuration conf = CfsTestNode.conf(node);
    conf.setBoolean("fs.cfs.impl.disable.cache", true);
    conf.set(CfsConfigKeys.USERNAME.key(), LocalCassandra.SUPERUSER);
    conf.set(CfsConfigKeys.TRUSTSTORE.key(), truststore.toString());
    conf.set(CredentialProviderFactory.CREDENTIAL_PROVIDER_PATH, "jceks://file" + dir.resolve("secrets.jceks").toAbsolutePath());
    CredentialProvider provider = CredentialProviderFactory.getProviders(conf).get(0);
    if (provider.getCredentialEntry(CfsConfigKeys.PASSWORD.key()) == null) {
      provider.createCredentialEntry(CfsConfigKeys.PASSWORD.key(), LocalCassandra.SUPERUSER.toCharArray());
      provider.createCredentialEntry(CfsConfigKeys.TRUSTSTORE_PASSWORD.key(), LocalCassandra.TLS_STORE_PASSWORD.toCharArray());
      provider.flush();
    }
    return conf;
  }

  @Test
  void aTrustedNodeServesFilesOverTls() throws Exception {
    byte[] data = RoundTripTest.random(300_000, 11);
    try (FileSystem fs = FileSystem.newInstance(CfsTestNode.uri(node), conf(node.truststore()))) {
      org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/tls/file");
      RoundTripTest.write(fs, p, data);
      assertArrayEquals(data, RoundTripTest.read(fs, p));
    }
  }

  @Test
  void anUntrustedCertificateIsOneLineNamingHostAndCause() throws Exception {
    // a trust store holding some other certificate
    Path other = dir.resolve("other.p12");
    KeyStore ks = KeyStore.getInstance("PKCS12");
    ks.load(null, null);
    ks.setCertificateEntry("other", selfSigned());
    try (java.io.OutputStream out = java.nio.file.Files.newOutputStream(other)) {
      ks.store(out, LocalCassandra.TLS_STORE_PASSWORD.toCharArray());
    }
    String m = assertThrows(IOException.class, () -> FileSystem.get(CfsTestNode.uri(node), conf(other))).getMessage();
    System.out.println("untrusted: " + m);
    String at = node.host() + ":" + node.port();
    assertTrue(m.startsWith("cannot connect securely to Cassandra at " + at + " for cfs://" + at + ": ")
        && m.contains("trust store " + other) && !m.contains("\n"), m);
    assertFalse(m.contains(LocalCassandra.TLS_STORE_PASSWORD), m);
  }

  @Test
  void aClientWithoutTlsIsToldTheNodeMayRequireIt() {
    Configuration conf = CfsTestNode.conf(node);
    conf.setBoolean("fs.cfs.impl.disable.cache", true);
    String m = assertThrows(IOException.class, () -> FileSystem.get(CfsTestNode.uri(node), conf)).getMessage();
    System.out.println("no TLS: " + m);
    assertTrue(m.startsWith("cannot reach Cassandra at " + node.host() + ":" + node.port()) && m.contains("require TLS")
        && !m.contains("\n"), m);
  }

  private static Certificate selfSigned() throws Exception {
    Path store = dir.resolve("self.p12");
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(), "-genkeypair",
        "-alias", "x", "-keyalg", "RSA", "-keysize", "2048", "-dname", "CN=someone else", "-keystore", store.toString(),
        "-storetype", "PKCS12", "-storepass", "changeit").redirectErrorStream(true).start();
    p.getInputStream().readAllBytes();
    assertTrue(p.waitFor() == 0);
    KeyStore ks = KeyStore.getInstance("PKCS12");
    try (java.io.InputStream in = java.nio.file.Files.newInputStream(store)) {
      ks.load(in, "changeit".toCharArray());
    }
    return ks.getCertificate("x");
  }
}
