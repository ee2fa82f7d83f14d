package io.hibenchdse.hive;

import io.hibenchdse.core.Workload;
import io.hibenchdse.core.WorkloadDriver;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;

/**
 * Main-Class of hive-datagen.jar. HiBench's scripts call the generator by its class name in
 * datatools.jar: {@code hadoop jar hive-datagen.jar HiBench.DataGen -t hive -b /HiBench/Join -n Input ...}.
 */
public final class HiveDataGenJar {
  public static final WorkloadDriver DRIVER = new WorkloadDriver("hive-datagen", Arrays.asList(
      new Workload("HiBench.DataGen", "HiBench's data generator: -t hive writes rankings and uservisits.", DataGen::new),
      new Workload("datagen", "The same generator under a short name.", DataGen::new)));

  private HiveDataGenJar() {}

  public static void main(String[] args) {
    System.exit(DRIVER.run(new Configuration(), args, System.err));
  }
}
