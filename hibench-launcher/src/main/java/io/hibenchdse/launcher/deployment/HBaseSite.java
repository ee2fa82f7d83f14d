package io.hibenchdse.launcher.deployment;

import io.hibenchdse.core.UsageException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A user's HBase as {@code --serving hbase:CONF_DIR} names it: the directory of its clients' {@code hbase-site.xml}. */
public record HBaseSite(Path confDir) implements ServingAddress {
  static final String SCHEME = "hbase:";
  static final String SITE = "hbase-site.xml";

  /** {@code --serving hbase:CONF_DIR}; a UsageException says in one line what the directory lacks. */
  static HBaseSite parse(String serving) {
    Path dir = Path.of(serving.substring(SCHEME.length()));
    if (!Files.isRegularFile(dir.resolve(SITE))) {
      throw new UsageException("--serving " + serving + ": " + dir + " has no " + SITE + ": give hbase:CONF_DIR, the directory"
          + " of the HBase client configuration (HBASE_CONF_DIR)");
    }
    return new HBaseSite(dir.toAbsolutePath());
  }

  @Override
  public ServingStore store() {
    return ServingStore.hbase;
  }

  @Override
  public String toString() {
    return SCHEME + confDir;
  }
}
