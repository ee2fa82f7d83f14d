package io.hibenchdse.ycsb;

import io.hibenchdse.core.UsageException;
import io.hibenchdse.node.ChildJvm;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import site.ycsb.BasicDB;
import site.ycsb.Client;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.DBWrapper;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurementHdrHistogram;
import site.ycsb.measurements.OneMeasurementHistogram;
import site.ycsb.measurements.OneMeasurementRaw;
import site.ycsb.measurements.OneMeasurementTimeSeries;
import site.ycsb.workloads.CoreWorkload;

/**
 * Main class of the YCSB JVM: checks YCSB's command line, then hands it unchanged to YCSB's own
 * {@code site.ycsb.Client}, whose output stays as it is (its figures also go to the suite through
 * {@link MetricsExporter}). Checked first, each as one line and exit
 * status 2: an unreadable workload file, an option YCSB lacks, a property that neither YCSB's core
 * workload nor the binding reads (YCSB ignores it, so a typo silently measures something else), and
 * a database the binding cannot reach (YCSB's threads would each fail alone and the run report
 * zero operations as a success).
 */
public final class YcsbMain {
  /** Properties YCSB reads without naming them in a constant. */
  private static final Set<String> UNNAMED = new TreeSet<>(Arrays.asList("status.interval", "hdrhistogram.fileoutput",
      "hdrhistogram.output.path", "debug"));

  /** The suite's own properties (its labels, the report directory): recorded with the phase, read by nothing in YCSB. */
  static final String SUITE_PREFIX = "hibench.";

  private YcsbMain() {}

  /** System property: a file the YCSB JVM writes its CPU time to (nanoseconds) when it exits. */
  static final String CPU_FILE = "hibench.ycsb.cpu.file";

  public static void main(String[] args) {
    ChildJvm.exitWithParent(); // none outlives the launcher, however it ends
    String cpuFile = System.getProperty(CPU_FILE);
    if (cpuFile != null) {
      Runtime.getRuntime().addShutdownHook(new Thread(() -> writeCpu(cpuFile)));
    }
    try {
      YcsbArgs parsed = YcsbArgs.parse(Arrays.asList(args));
      checkNames(parsed);
      probe(parsed);
      String asked = parsed.properties().getProperty(Client.EXPORTER_PROPERTY);
      if (asked != null) {
        System.setProperty(MetricsExporter.DELEGATE, asked);
      }
    } catch (UsageException e) {
      System.err.println("ycsb: " + e.getMessage());
      System.exit(2);
    }
    // the last -p wins over earlier ones and over -P files; the exporter asked for still writes
    String[] exported = Arrays.copyOf(args, args.length + 2);
    exported[args.length] = "-p";
    exported[args.length + 1] = Client.EXPORTER_PROPERTY + "=" + MetricsExporter.class.getName();
    Client.main(exported);
  }

  private static void writeCpu(String file) {
    java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean) {
      try {
        java.nio.file.Files.writeString(java.nio.file.Path.of(file),
            Long.toString(((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime()));
      } catch (java.io.IOException e) {
        // the figure is missing from the record, which says so by its absence
      }
    }
  }

  /** Every property must be one YCSB's client, core workload, measurements or the binding read. */
  static void checkNames(YcsbArgs args) {
    Properties p = args.properties();
    String workload = p.getProperty(Client.WORKLOAD_PROPERTY);
    if (workload == null) {
      throw new UsageException("no workload: give -P with a workload file (conf/ycsb/workloada, ...) or -p workload=CLASS");
    }
    if (!workload.equals(CoreWorkload.class.getName())) {
      return; // another workload reads properties of its own
    }
    Set<String> known = known();
    for (String name : new TreeSet<>(p.stringPropertyNames())) {
      boolean hbaseOwn = Binding.HBASE2.dbClass().equals(args.db) && name.startsWith(HBaseKeys.HBASE_PREFIX);
      if (!known.contains(name) && !name.startsWith("htrace.") && !name.startsWith(SUITE_PREFIX) && !hbaseOwn) {
        throw new UsageException("unknown property '" + name + "' (" + args.source(name) + "): neither YCSB's CoreWorkload"
            + " nor the binding reads it");
      }
    }
  }

  static Set<String> known() {
    Set<String> names = new TreeSet<>(UNNAMED);
    names.addAll(CassandraCqlKeys.ALL);
    names.addAll(HBaseKeys.ALL);
    for (Class<?> c : Arrays.asList(Client.class, BasicDB.class, CoreWorkload.class, Measurements.class, DBWrapper.class,
        OneMeasurementHdrHistogram.class, OneMeasurementHistogram.class, OneMeasurementTimeSeries.class, OneMeasurementRaw.class)) {
      for (Field f : c.getDeclaredFields()) {
        int m = f.getModifiers();
        if (Modifier.isStatic(m) && Modifier.isFinal(m) && f.getType() == String.class && !f.getName().endsWith("DEFAULT")) {
          try {
            f.setAccessible(true);
            String value = (String) f.get(null);
            if (value.matches("[a-z][a-z0-9_.]*[a-z0-9_]")) {
              names.add(value);
            }
          } catch (IllegalAccessException | RuntimeException e) {
            // a constant this check cannot read is one it does not need
          }
        }
      }
    }
    return names;
  }

  /** Opens the binding once, as each YCSB thread will: a host it cannot reach is one line now. */
  static void probe(YcsbArgs args) {
    Properties p = args.properties();
    String dbClass = args.db != null ? args.db : p.getProperty(Client.DB_PROPERTY, "site.ycsb.BasicDB");
    DB db;
    try {
      db = (DB) Class.forName(dbClass).getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | ClassCastException e) {
      throw new UsageException("-db " + dbClass + ": no such YCSB binding on the class path");
    }
    db.setProperties(p);
    try {
      db.init();
    } catch (DBException e) {
      throw new UsageException(e.getMessage());
    }
    // Left open: the binding shares one session among the JVM's DB instances, so YCSB's threads
    // take this one instead of opening a second; the JVM's exit ends it.
    probed = db;
  }

  /** The probe's binding, open for the rest of the phase. */
  @SuppressWarnings("unused")
  private static DB probed;
}
