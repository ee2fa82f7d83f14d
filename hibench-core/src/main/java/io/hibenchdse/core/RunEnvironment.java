package io.hibenchdse.core;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.util.VersionInfo;

/** The launching machine and software, as every record holds them: Hadoop, JVM, OS, cores, memory. */
public final class RunEnvironment {
  /** The same for every run of this JVM, so read once. */
  private static final Map<String, String> ENVIRONMENT = new LinkedHashMap<>();

  static {
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
