package io.hibenchdse.core;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.util.VersionInfo;

/** The launching machine and software, as every record holds them: the suite's build, Hadoop, JVM, OS, cores, memory. */
public final class RunEnvironment {
  /** The key of the suite's version ({@link BuildInfo#version()}). */
  public static final String SUITE = "suite";
  /** The key of the commit the suite's jars were built from ({@link BuildInfo#commit()}). */
  public static final String COMMIT = "commit";
  /** The same for every run of this JVM, so read once. */
  private static final Map<String, String> ENVIRONMENT = new LinkedHashMap<>();

  static {
    ENVIRONMENT.put(SUITE, BuildInfo.current().version());
    ENVIRONMENT.put(COMMIT, BuildInfo.current().commit());
    ENVIRONMENT.put("hadoop", VersionInfo.getVersion());
    ENVIRONMENT.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
    ENVIRONMENT.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
    ENVIRONMENT.put("cores", Integer.toString(Runtime.getRuntime().availableProcessors()));
    OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean) {
      ENVIRONMENT.put("memoryBytes", Long.toString(((com.sun.management.OperatingSystemMXBean) os).getTotalPhysicalMemorySize()));
    }
  }

  private RunEnvironment() {}

  public static Map<String, String> current() {
    return new LinkedHashMap<>(ENVIRONMENT);
  }
}
