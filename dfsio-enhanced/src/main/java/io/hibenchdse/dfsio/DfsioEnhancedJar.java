package io.hibenchdse.dfsio;

import io.hibenchdse.core.Workload;
import io.hibenchdse.core.WorkloadDriver;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;

/** Main-Class of dfsio-enhanced.jar: {@code hadoop jar dfsio-enhanced.jar dfsioe -write ...}. */
public final class DfsioEnhancedJar {
  public static final WorkloadDriver DRIVER = new WorkloadDriver("dfsio-enhanced", Arrays.asList(
      new Workload(EnhancedDfsio.NAME, "EnhancedDFSIO: write or read bandwidth, classic and steady-phase aggregated.",
          EnhancedDfsio::new),
      // the class name every HiBench script passes to `hadoop jar <datatools jar>`
      new Workload("org.apache.hadoop.fs.dfsioe.TestDFSIOEnh", "dfsioe under the stock tool's class name.",
          EnhancedDfsio::new)));

  private DfsioEnhancedJar() {}

  public static void main(String[] args) {
    System.exit(DRIVER.run(new Configuration(), args, System.err));
  }
}
