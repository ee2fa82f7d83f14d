package io.hibenchdse.cfs;

import io.hibenchdse.cassandra.CassandraSettings;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.cassandra.LocalCassandra;
import io.hibenchdse.tiers.FullTier;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.security.alias.CredentialProvider;
import org.apache.hadoop.security.alias.CredentialProviderFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * cfs:// on a node that requires a login (PasswordAuthenticator): the password comes from a Hadoop
 * credential provider (a JCEKS file), never from the configuration's own values; a wrong or
 * missing login ends in one line naming the host, the user and the node's reason, and no message
 * carries the password.
 */
@FullTier
class PasswordAuthenticationTest {
  private static final String RIGHT = LocalCassandra.SUPERUSER;
  private static final String WRONG = "not-the-password-4711";

  @TempDir static Path dir;
  static LocalCassandra node;

  @BeforeAll
  static void start() throws IOException {
    Path data = Path.of(System.getProperty("test.build.data", "target/test-data"), "cassandra-passwords");
    node = LocalCassandra.start(data, CassandraSettings.TESTS.withPasswords());
  }

  @AfterAll
  static void stop() {
    if (node != null) {
      node.close();
    }
  }

  /** A configuration logging in as the superuser with {@code password}, kept in a JCEKS file of its own. */
  private static Configuration conf(String name, String password) throws IOException {
    Configuration conf = CfsTestNode.conf(node);
    conf.setBoolean("fs.cfs.impl.disable.cache", true);
    conf.set(CfsConfigKeys.USERNAME.key(), LocalCassandra.SUPERUSER);
    conf.set(CredentialProviderFactory.CREDENTIAL_PROVIDER_PATH, "jceks://file" + dir.resolve(name + ".jceks").toAbsolutePath());
    CredentialProvider provider = CredentialProviderFactory.getProviders(conf).get(0);
    provider.createCredentialEntry(CfsConfigKeys.PASSWORD.key(), password.toCharArray());
    provider.flush();
    return conf;
  }

  @Test
  void theRightPasswordFromACredentialProviderLogsIn() throws Exception {
    Configuration conf = conf("right", RIGHT);
    assertNull(conf.getRaw(CfsConfigKeys.PASSWORD.key()), "the password is not a configuration value");
    byte[] data = RoundTripTest.random(100_000, 7);
    try (FileSystem fs = FileSystem.newInstance(CfsTestNode.uri(node), conf)) {
      org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/secured/file");
      RoundTripTest.write(fs, p, data);
      assertArrayEquals(data, RoundTripTest.read(fs, p));
      assertNull(fs.getConf().getRaw(CfsConfigKeys.PASSWORD.key()));
    }
  }

  @Test
  void aWrongPasswordIsOneLineNamingHostUserAndReason() throws Exception {
    String m = assertThrows(IOException.class, () -> FileSystem.get(CfsTestNode.uri(node), conf("wrong", WRONG))).getMessage();
    System.out.println("wrong password: " + m);
    String at = node.host() + ":" + node.port();
    assertTrue(m.startsWith("cannot log in to Cassandra at " + at + " for cfs://" + at + " as 'cassandra': ")
        && m.contains("incorrect") && !m.contains("\n"), m);
    assertFalse(m.contains(WRONG), m);
  }

  @Test
  void noLoginAtAllSaysWhatIsMissing() {
    Configuration conf = CfsTestNode.conf(node);
    conf.setBoolean("fs.cfs.impl.disable.cache", true);
    String m = assertThrows(IOException.class, () -> FileSystem.get(CfsTestNode.uri(node), conf)).getMessage();
    assertTrue(m.contains("(cfs.username is not set)") && m.contains("requires authentication") && !m.contains("\n"), m);
  }

  @Test
  void aUserWithoutAPasswordIsRefusedBeforeConnecting() {
    Configuration conf = CfsTestNode.conf(node);
    conf.setBoolean("fs.cfs.impl.disable.cache", true);
    conf.set(CfsConfigKeys.USERNAME.key(), "cassandra");
    String m = assertThrows(IOException.class, () -> FileSystem.get(CfsTestNode.uri(node), conf)).getMessage();
    assertEquals("cfs: cfs.username is 'cassandra' but no cfs.password was found: store it with `hadoop credential"
        + " create cfs.password -provider jceks://file/PATH` and set hadoop.security.credential.provider.path to that"
        + " provider", m);
  }
}
