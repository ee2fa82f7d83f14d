package io.hibenchdse.datatools;

import io.hibenchdse.core.WorkloadDriver;
import org.apache.hadoop.conf.Configuration;

/**
 * Main-Class of datatools.jar, which replaces HiBench's: its scripts run both
 * {@code hadoop jar $DATATOOLS HiBench.DataGen ...} and
 * {@code hadoop jar $DATATOOLS org.apache.hadoop.fs.dfsioe.TestDFSIOEnh ...} against one jar.
 */
public final class DatatoolsJar {
  public static final WorkloadDriver DRIVER = WorkloadDriver.combined("datatools",
      io.hibenchdse.hive.HiveDataGenJar.DRIVER, io.hibenchdse.dfsio.DfsioEnhancedJar.DRIVER);

  private DatatoolsJar() {}

  public static void main(String[] args) {
    System.exit(DRIVER.run(new Configuration(), args, System.err));
  }
}
