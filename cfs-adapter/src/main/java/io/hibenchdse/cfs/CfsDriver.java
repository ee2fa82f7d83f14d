package io.hibenchdse.cfs;

import static io.hibenchdse.cfs.CfsConfigKeys.DATACENTER;
import static io.hibenchdse.cfs.CfsConfigKeys.HOSTNAME_VALIDATION;
import static io.hibenchdse.cfs.CfsConfigKeys.KEYSPACE;
import static io.hibenchdse.cfs.CfsConfigKeys.KEYSTORE;
import static io.hibenchdse.cfs.CfsConfigKeys.KEYSTORE_PASSWORD;
import static io.hibenchdse.cfs.CfsConfigKeys.PASSWORD;
import static io.hibenchdse.cfs.CfsConfigKeys.PROTOCOL;
import static io.hibenchdse.cfs.CfsConfigKeys.REQUEST_TIMEOUT;
import static io.hibenchdse.cfs.CfsConfigKeys.TRUSTSTORE;
import static io.hibenchdse.cfs.CfsConfigKeys.TRUSTSTORE_PASSWORD;
import static io.hibenchdse.cfs.CfsConfigKeys.USERNAME;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.auth.AuthenticationException;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.config.OptionsMap;
import com.datastax.oss.driver.api.core.config.TypedDriverOption;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * The driver's connection to the cluster of a cfs:// URI: the driver's settings for a file system
 * client, TLS and login as the configuration asks, and a failure to connect said in one line
 * (a wrong port, TLS, a password).
 */
final class CfsDriver {
  private CfsDriver() {}

  /** A session with the cluster of {@code uri}, as {@code conf} sets it up (its defaults filled in). */
  static CqlSession connect(URI uri, Configuration conf) throws IOException {
    String host = uri.getHost() == null ? "127.0.0.1" : uri.getHost();
    int port = uri.getPort() < 0 ? CfsStore.DEFAULT_PORT : uri.getPort();
    String keyspace = KEYSPACE.get(conf);
    String dc = DATACENTER.get(conf);
    OptionsMap config = DriverTuning.defaults(dc != null);
    config.put(TypedDriverOption.REQUEST_TIMEOUT,
        Duration.ofMillis(REQUEST_TIMEOUT.getMillis(conf)));
    config.put(TypedDriverOption.RETRY_POLICY_CLASS, CfsRetryPolicy.class.getName());
    // A schema change is followed by a refresh; the default debounce costs a second a table.
    config.put(TypedDriverOption.METADATA_SCHEMA_WINDOW, Duration.ofMillis(10));
    // Only this keyspace's schema is needed (its replication, for the token map); the system
    // keyspaces' would be fetched and parsed too. And not before the first answer: see ring.
    config.put(TypedDriverOption.METADATA_SCHEMA_REFRESHED_KEYSPACES, Collections.singletonList(keyspace));
    config.put(TypedDriverOption.METADATA_SCHEMA_ENABLED, false);
    // Daemon threads: a YARN task's JVM ends when its main method returns, and Hadoop's
    // shutdown hook then closes the file system. With the driver's default (non-daemon), every
    // task JVM on cfs:// lived on until the application master killed it, 60-75 s later,
    // holding its container: an HSSort of 8 maps on two containers took 5 minutes.
    config.put(TypedDriverOption.NETTY_DAEMON, true);
    config.put(TypedDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(10));
    config.put(TypedDriverOption.CONTROL_CONNECTION_TIMEOUT, Duration.ofSeconds(10));
    // A node back from a restart is found within 2 s, not after the default backoff's up to
    // 60 s, during which every call fails with "No node was available".
    config.put(TypedDriverOption.RECONNECTION_BASE_DELAY, Duration.ofMillis(200));
    config.put(TypedDriverOption.RECONNECTION_MAX_DELAY, Duration.ofSeconds(2));
    // Protocol v5 checksums every 128 KiB segment on both ends; sub-blocks are megabytes each
    // and TCP already checks them, so v4 (every Cassandra since 2.2) moves them cheaper.
    config.put(TypedDriverOption.PROTOCOL_VERSION, PROTOCOL.get(conf));
    // The jar leaves out the driver's optional native library (jnr); don't look for it.
    config.put(TypedDriverOption.TIMESTAMP_GENERATOR_FORCE_JAVA_CLOCK, true);
    String truststore = conf.getTrimmed(TRUSTSTORE.key(), "");
    if (!truststore.isEmpty()) {
      config.put(TypedDriverOption.SSL_ENGINE_FACTORY_CLASS, "DefaultSslEngineFactory");
      config.put(TypedDriverOption.SSL_TRUSTSTORE_PATH, truststore);
      config.put(TypedDriverOption.SSL_HOSTNAME_VALIDATION, HOSTNAME_VALIDATION.getBoolean(conf));
      // validate against the address the client was given, not a reverse DNS lookup of it
      config.put(TypedDriverOption.SSL_ALLOW_DNS_REVERSE_LOOKUP_SAN, false);
      char[] trustPassword = conf.getPassword(TRUSTSTORE_PASSWORD.key());
      if (trustPassword != null) {
        config.put(TypedDriverOption.SSL_TRUSTSTORE_PASSWORD, new String(trustPassword));
      }
      String keystore = conf.getTrimmed(KEYSTORE.key(), "");
      if (!keystore.isEmpty()) {
        config.put(TypedDriverOption.SSL_KEYSTORE_PATH, keystore);
        char[] keyPassword = conf.getPassword(KEYSTORE_PASSWORD.key());
        if (keyPassword != null) {
          config.put(TypedDriverOption.SSL_KEYSTORE_PASSWORD, new String(keyPassword));
        }
      }
    }
    CqlSessionBuilder builder = new QuickStartSessionBuilder().withClassLoader(CqlSession.class.getClassLoader())
        .withConfigLoader(DriverConfigLoader.fromMap(config))
        .addContactPoint(InetSocketAddress.createUnresolved(host, port));
    if (dc != null) {
      builder.withLocalDatacenter(dc);
    }
    String user = conf.getTrimmed(USERNAME.key(), "");
    if (!user.isEmpty()) {
      builder.withAuthCredentials(user, new String(password(conf, user)));
    }
    try {
      return builder.build();
    } catch (RuntimeException e) {
      Throwable first = firstError(e);
      String cause = String.valueOf(first.getMessage()).replaceFirst("^\\[[^]]*\\] ", "");
      Throwable ssl = first;
      while (ssl != null && !(ssl instanceof javax.net.ssl.SSLException)) {
        ssl = ssl.getCause();
      }
      if (ssl != null) {
        throw new IOException("cannot connect securely to Cassandra at " + host + ":" + port + " for " + uri + ": "
            + ssl.getMessage() + " (trust store " + truststore + ")", e);
      }
      if (first instanceof AuthenticationException) {
        throw new IOException("cannot log in to Cassandra at " + host + ":" + port + " for " + uri
            + (user.isEmpty() ? " (" + USERNAME + " is not set)" : " as '" + user + "'") + ": " + cause, e);
      }
      throw new IOException("cannot reach Cassandra at " + host + ":" + port + " for " + uri + ": " + cause
          + " (is it Cassandra's native transport port, 9042 by default?"
          + (truststore.isEmpty() ? " Does it require TLS, " + TRUSTSTORE + "?)" : ")"), e);
    }
  }

  /**
   * The password of {@code user}, through Hadoop's credential providers ({@code
   * hadoop.security.credential.provider.path}), so that it need not sit in a configuration file,
   * on a command line or in every job's job.xml; a plain {@code cfs.password} setting is the
   * fallback Hadoop allows.
   */
  private static char[] password(Configuration conf, String user) throws IOException {
    char[] password = conf.getPassword(PASSWORD.key());
    if (password == null) {
      throw new IOException("cfs: " + USERNAME + " is '" + user + "' but no " + PASSWORD + " was found: store it with"
          + " `hadoop credential create " + PASSWORD + " -provider jceks://file/PATH` and set"
          + " hadoop.security.credential.provider.path to that provider");
    }
    return password;
  }

  /**
   * The first node's own error, not the driver's advice and node dump around it: a port that is
   * no Cassandra's ends in "Protocol initialization request ... failed to send request", a wrong
   * password in an {@link AuthenticationException}.
   */
  private static Throwable firstError(RuntimeException e) {
    if (e instanceof AllNodesFailedException) {
      for (List<Throwable> errors : ((AllNodesFailedException) e).getAllErrors().values()) {
        for (Throwable t : errors) {
          return t;
        }
      }
    }
    return e;
  }
}
