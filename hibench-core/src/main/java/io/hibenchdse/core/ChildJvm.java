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
   * The class path a module's build wrote for a JVM of its own: the module's classes (where
   * {@code owner} was loaded from), then the list in the resource {@code listing} beside {@code owner}.
   */
  public static List<String> moduleClassPath(Class<?> owner, String listing) {
    List<String> entries = new ArrayList<>();
    try {
      entries.add(new File(owner.getProtectionDomain().getCodeSource().getLocation().toURI()).getPath());
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    try (java.io.InputStream in = owner.getResourceAsStream(listing)) {
      if (in == null) {
        throw new IllegalStateException(listing + " is missing: build " + owner.getName() + "'s module with Maven");
      }
      entries.add(new String(readAll(in), java.nio.charset.StandardCharsets.UTF_8).trim());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return entries;
  }

  private static byte[] readAll(java.io.InputStream in) throws IOException {
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    byte[] buffer = new byte[8192];
    for (int n = in.read(buffer); n > 0; n = in.read(buffer)) {
      bytes.write(buffer, 0, n);
    }
    return bytes.toByteArray();
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
