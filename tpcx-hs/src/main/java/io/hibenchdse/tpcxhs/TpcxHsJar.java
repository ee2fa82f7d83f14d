package io.hibenchdse.tpcxhs;

import io.hibenchdse.core.Workload;
import io.hibenchdse.core.WorkloadDriver;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;

/** Main-Class of tpcx-hs.jar: {@code hadoop jar tpcx-hs.jar hsgen -sf 1TB /HS/in}. */
public final class TpcxHsJar {
  public static final WorkloadDriver DRIVER = new WorkloadDriver("tpcx-hs", Arrays.asList(
      new Workload(HsGen.NAME, "Generates the data set (TeraGen's records, replication 3).", HsGen::new),
      new Workload(HsDataCheck.NAME, "Checks record count, size and replication of a data set.", HsDataCheck::new),
      new Workload(HsSort.NAME, "Sorts the data set with sampled total-order partitioning.", HsSort::new),
      new Workload(HsValidate.NAME, "Validates global order and the checksum of sorted data.", HsValidate::new),
      new Workload(TpcxHs.NAME, "The whole benchmark: two runs and the HSph@SF metric.", TpcxHs::new),
      // the TPCx-HS kit's program names (TPCx-HS-master.sh runs `HSGen ... ROWS DIR`)
      new Workload("HSGen", "hsgen as the TPCx-HS kit calls it: HSGen [-D...] ROWS OUT.", HsGen::new),
      new Workload("HSDataCheck", "hsdatacheck under the kit's name.", HsDataCheck::new),
      new Workload("HSSort", "hssort under the kit's name: HSSort [-D...] IN OUT.", HsSort::new),
      new Workload("HSValidate", "hsvalidate under the kit's name: HSValidate IN OUT.", HsValidate::new),
      // hadoop-mapreduce-examples' names: HSGen, HSSort and HSValidate are those jobs
      new Workload("teragen", "TeraGen's command line: teragen ROWS OUT (replication 3 unless -replication).", HsGen::new),
      new Workload("terasort", "TeraSort's command line: terasort IN OUT.", HsSort::new),
      new Workload("teravalidate", "TeraValidate's command line: teravalidate IN REPORT.", HsValidate::new)));

  private TpcxHsJar() {}

  public static void main(String[] args) {
    System.exit(DRIVER.run(new Configuration(), args, System.err));
  }
}
