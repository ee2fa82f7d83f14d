package io.hibenchdse.ycsb;

import io.hibenchdse.core.Figure;
import io.hibenchdse.core.Unit;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a YCSB phase measured, as YCSB's client exports it ({@link MetricsExporter}): the overall runtime and throughput, and
 * per operation type ({@code READ}, {@code UPDATE}, {@code INSERT}, ..., and with
 * {@code measurement.interval=intended|both} the {@code Intended-} ones) the count, latencies and
 * return codes. Errors are YCSB's {@code Return=ERROR} (and any other code than OK), never dropped.
 */
public class YcsbMetrics {
  /** {@code load} or {@code run}. */
  public String phase;
  public String binding;
  @Figure(Unit.SECONDS)
  public double runtimeSec;
  @Figure(Unit.OPERATIONS_PER_SECOND)
  public double throughputOpsPerSec;
  /** Operations attempted, of every type but YCSB's CLEANUP (the threads' closing): their return codes summed. */
  @Figure(Unit.COUNT)
  public long operations;
  /** Operations whose return code was not OK, and reads whose values YCSB's integrity check refused. */
  @Figure(Unit.COUNT)
  public long errors;
  /**
   * The operation-weighted mean latency over the operation types (microseconds): what an operation
   * waited on average. Summing the types' means, as reports of YCSB runs often do ("total average
   * latency"), counts a mixed workload's latency about twice.
   */
  @Figure(Unit.MICROSECONDS)
  public double meanUs;
  public Map<String, Operation> byType = new LinkedHashMap<>();
  /**
   * CPU seconds of the whole YCSB JVM (start, JIT and the workload's generators included), so the
   * client's own cost per operation compares between bindings; 0 when the JVM could not say.
   */
  @Figure(Unit.SECONDS)
  public double clientCpuSec;

  /**
   * One operation type's figures, latencies in microseconds. YCSB measures the latency of failed
   * operations apart ({@code READ-FAILED}), so {@code count} is the successful ones; the return
   * codes count them all.
   */
  public static class Operation {
    @Figure(Unit.COUNT)
    public long count;
    @Figure(Unit.MICROSECONDS)
    public double meanUs;
    @Figure(Unit.MICROSECONDS)
    public double minUs;
    @Figure(Unit.MICROSECONDS)
    public double maxUs;
    @Figure(Unit.MICROSECONDS)
    public double p50Us;
    @Figure(Unit.MICROSECONDS)
    public double p95Us;
    @Figure(Unit.MICROSECONDS)
    public double p99Us;
    @Figure(Unit.MICROSECONDS)
    public double p999Us;
    @Figure(Unit.COUNT)
    public Map<String, Long> returns = new LinkedHashMap<>();
  }

  /** YCSB's check of the values read, with {@code dataintegrity=true}. */
  public static final String VERIFY = "VERIFY";

  /**
   * Adds one figure as YCSB's client exports it ({@link MetricsExporter}): a metric ({@code OVERALL},
   * an operation type), a measurement's name and its value.
   */
  void add(String metric, String name, double value) {
    if (metric.equals("OVERALL")) {
      if (name.equals("RunTime(ms)")) {
        runtimeSec = value / 1000;
      } else if (name.equals("Throughput(ops/sec)")) {
        throughputOpsPerSec = value;
      }
      return;
    }
    if (metric.startsWith("TOTAL_GC")) {
      return; // the JVM's garbage collection, not operations
    }
    Operation op = byType.computeIfAbsent(metric, k -> new Operation());
    if (name.startsWith("Return=")) {
      op.returns.put(name.substring("Return=".length()), (long) value);
    } else if (name.equals("Operations")) {
      op.count = (long) value;
    } else if (name.equals("AverageLatency(us)")) {
      op.meanUs = value;
    } else if (name.equals("MinLatency(us)")) {
      op.minUs = value;
    } else if (name.equals("MaxLatency(us)")) {
      op.maxUs = value;
    } else if (name.matches("50(th)?PercentileLatency\\(us\\)")) {
      op.p50Us = value;
    } else if (name.matches("95(th)?PercentileLatency\\(us\\)")) {
      op.p95Us = value;
    } else if (name.matches("99(th)?PercentileLatency\\(us\\)")) {
      op.p99Us = value;
    } else if (name.matches("99\\.9(th)?PercentileLatency\\(us\\)")) {
      op.p999Us = value;
    }
  }

  /** The phase in one line, as the commands print it after YCSB's output: counts, runtime, throughput, mean latency, errors. */
  public String summary() {
    return String.format(java.util.Locale.ROOT, "%,d operations in %.3f s, %,.0f ops/s, mean latency %,.0f us, %d error%s",
        operations, runtimeSec, throughputOpsPerSec, meanUs, errors, errors == 1 ? "" : "s");
  }

  /** Totals the operation types into {@link #operations}, {@link #errors} and {@link #meanUs}, after the last figure. */
  public YcsbMetrics done() {
    operations = 0;
    errors = 0;
    double latency = 0;
    long measured = 0;
    for (Map.Entry<String, Operation> e : byType.entrySet()) {
      if (e.getKey().equals("CLEANUP") || e.getKey().startsWith("Intended-") || e.getKey().endsWith("-FAILED")) {
        continue;
      }
      if (!e.getKey().equals(VERIFY)) {
        latency += e.getValue().meanUs * e.getValue().count;
        measured += e.getValue().count;
      }
      for (Map.Entry<String, Long> r : e.getValue().returns.entrySet()) {
        // VERIFY is YCSB's data integrity check of the reads: its failures are errors, not operations
        operations += e.getKey().equals(VERIFY) ? 0 : r.getValue();
        if (!r.getKey().equals("OK")) {
          errors += r.getValue();
        }
      }
    }
    meanUs = measured == 0 ? 0 : latency / measured;
    return this;
  }
}
