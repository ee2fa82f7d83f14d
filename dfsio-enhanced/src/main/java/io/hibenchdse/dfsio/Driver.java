package io.hibenchdse.dfsio;

import io.hibenchdse.core.Workload;
import io.hibenchdse.core.WorkloadDriver;
import java.util.Collections;
import org.apache.hadoop.conf.Configuration;

/** Main-Class of dfsio-enhanced.jar: {@code hadoop jar dfsio-enhanced.jar dfsioe -write ...}. */
public final class Driver {
  public static final WorkloadDriver DRIVER = new WorkloadDriver("dfsio-enhanced", Collections.singletonList(
      new Workload("dfsioe", "EnhancedDFSIO: write or read bandwidth, classic and steady-phase aggregated.",
          EnhancedDfsio::new)));

  private Driver() {}

  public static void main(String[] args) {
    System.exit(DRIVER.run(new Configuration(), args, System.err));
  }
}
