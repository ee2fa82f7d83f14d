package io.hibenchdse.datatools;

import io.hibenchdse.core.Workload;
import io.hibenchdse.core.WorkloadDriver;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * Main-Class of datatools.jar, which replaces HiBench's: its scripts run both
 * {@code hadoop jar $DATATOOLS HiBench.DataGen ...} and
 * {@code hadoop jar $DATATOOLS org.apache.hadoop.fs.dfsioe.TestDFSIOEnh ...} against one jar.
 */
public final class Driver {
  public static final WorkloadDriver DRIVER = new WorkloadDriver("datatools", workloads());

  private Driver() {}

  private static List<Workload> workloads() {
    List<Workload> all = new ArrayList<>(io.hibenchdse.hive.Driver.DRIVER.workloads());
    all.addAll(io.hibenchdse.dfsio.Driver.DRIVER.workloads());
    return all;
  }

  public static void main(String[] args) {
    System.exit(DRIVER.run(new Configuration(), args, System.err));
  }
}
