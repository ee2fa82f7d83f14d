package io.hibenchdse.cassandra;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A TLS cluster's key stores: one self-signed certificate for every node's address in the nodes'
 * key store, and a trust store holding it for clients; made with the JDK's keytool, kept across
 * starts.
 */
final class TlsStores {
  /** The password of both stores. */
  static final String PASSWORD = "hibench-local";

  private final Path dir;

  TlsStores(Path clusterDir) {
    this.dir = clusterDir.resolve("tls");
  }

  /** The trust store (PKCS12) holding the certificate every node presents. */
  Path truststore() {
    return dir.resolve("truststore.p12");
  }

  /** The key store (PKCS12) every node presents its certificate from. */
  Path keystore() {
    return dir.resolve("nodes.p12");
  }

  /** Makes both stores for the nodes' {@code addresses}, unless they exist. */
  void make(List<String> addresses) throws IOException {
    if (Files.exists(truststore())) {
      return;
    }
    Files.createDirectories(dir);
    StringBuilder san = new StringBuilder("dns:localhost");
    for (String address : addresses) {
      san.append(",ip:").append(address);
    }
    Path cert = dir.resolve("nodes.crt");
    keytool("-genkeypair", "-alias", "node", "-keyalg", "RSA", "-keysize", "2048", "-validity", "3650",
        "-dname", "CN=hibench local Cassandra", "-ext", "SAN=" + san, "-keystore", keystore().toString(),
        "-storetype", "PKCS12", "-storepass", PASSWORD);
    keytool("-exportcert", "-alias", "node", "-keystore", keystore().toString(), "-storepass", PASSWORD,
        "-file", cert.toString());
    keytool("-importcert", "-noprompt", "-alias", "node", "-file", cert.toString(), "-keystore", truststore().toString(),
        "-storetype", "PKCS12", "-storepass", PASSWORD);
  }

  private static void keytool(String... args) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    try {
      if (p.waitFor() != 0) {
        throw new IOException("keytool " + args[0] + " failed: " + out);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while running keytool", e);
    }
  }
}
