package io.hibenchdse.spark;

import io.hibenchdse.core.UsageException;
import java.util.Map;
import java.util.TreeMap;

/**
 * Spark on a YARN cluster as HiBench runs it, an executor a node: the driver in client mode where
 * the Spark JVM starts, one executor on each of {@code nodes} NodeManagers with
 * {@code executorCores} and the memory a node of {@code nodeMemoryMb} has beside Spark's
 * application master, so no two executors share a node and every node runs tasks; no container
 * beyond YARN's largest, {@code maxContainerMb}. {@code minAllocationMb} is YARN's allocation step.
 */
public record SparkOnYarn(int nodes, int executorCores, long nodeMemoryMb, long maxContainerMb, int minAllocationMb) {
  /** Spark's application master in client mode, whose container holds its heap and Spark's least overhead. */
  static final int AM_HEAP_MB = 512;
  static final int OVERHEAD_MB = 384;
  /** Less than this for an executor's heap runs Spark's tasks out of memory before it measures them. */
  static final int LEAST_EXECUTOR_MB = 512;

  /** The settings, or a UsageException where a node has too little memory for an executor beside the application master. */
  public Map<String, String> settings() {
    long amContainerMb = roundedUp(AM_HEAP_MB + OVERHEAD_MB);
    // the largest heap whose container fits beside the master and within YARN's largest: Spark asks
    // for the heap and a tenth more (at least its least overhead), which YARN rounds up to its steps
    long executorMb = Math.min(nodeMemoryMb - amContainerMb, maxContainerMb) / minAllocationMb * minAllocationMb;
    while (executorMb > 0 && !fits(executorMb, amContainerMb)) {
      executorMb -= minAllocationMb;
    }
    if (executorMb < LEAST_EXECUTOR_MB) {
      throw new UsageException("Spark on YARN: a NodeManager has " + nodeMemoryMb + " MB, too little for Spark's application master ("
          + amContainerMb + " MB) and an executor of " + LEAST_EXECUTOR_MB + " MB beside it");
    }
    Map<String, String> spark = new TreeMap<>();
    spark.put("spark.master", "yarn");
    spark.put("spark.submit.deployMode", "client");
    spark.put("spark.executor.instances", Integer.toString(nodes));
    spark.put("spark.executor.cores", Integer.toString(executorCores));
    spark.put("spark.executor.memory", executorMb + "m");
    spark.put("spark.yarn.am.memory", AM_HEAP_MB + "m");
    // the jobs start once every executor has registered, not at Spark's 80% or after 30 s: a
    // measured run on half the cluster, or timed while an executor's JVM starts, measures neither
    spark.put("spark.scheduler.minRegisteredResourcesRatio", "1.0");
    spark.put("spark.scheduler.maxRegisteredResourcesWaitingTime", "120s");
    return spark;
  }

  /** Whether an executor of {@code heapMb} fits a node beside the master's container, and YARN's largest container. */
  private boolean fits(long heapMb, long amContainerMb) {
    long container = roundedUp(heapMb + Math.max(OVERHEAD_MB, heapMb / 10));
    return container + amContainerMb <= nodeMemoryMb && container <= maxContainerMb;
  }

  private long roundedUp(long mb) {
    return (mb + minAllocationMb - 1) / minAllocationMb * minAllocationMb;
  }
}
