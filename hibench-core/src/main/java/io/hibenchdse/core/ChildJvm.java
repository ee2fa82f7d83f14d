package io.hibenchdse.core;

import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The start of a command line for a JVM this one starts (Hive's, a DataNode's): the same java, and
 * the module flags Hadoop needs on JDK 17 and the stack-trace switch as this JVM got them, so the
 * child runs wherever its parent does (bin/hibench, the tests, the benchmarks each set them).
 */
public final class ChildJvm {
  private ChildJvm() {}

  public static List<String> command() {
    List<String> command = new ArrayList<>();
    command.add(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java");
    for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (arg.startsWith("--add-opens") || arg.startsWith("--add-exports") || arg.equals("-XX:+IgnoreUnrecognizedVMOptions")
          || arg.startsWith("-D" + WorkloadDriver.STACK_TRACE)) {
        command.add(arg);
      }
    }
    return command;
  }

  /**
   * Stops a child that ends when its standard input does: closes {@code stdin}, waits up to
   * {@code seconds} for it to finish cleanly, then kills it.
   */
  public static void stop(Process process, Closeable stdin, long seconds) {
    try {
      stdin.close();
      if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor();
      }
    } catch (IOException e) {
      process.destroyForcibly();
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
