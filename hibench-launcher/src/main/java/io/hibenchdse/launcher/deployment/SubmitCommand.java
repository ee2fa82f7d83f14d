package io.hibenchdse.launcher.deployment;

import io.hibenchdse.node.ChildJvm;
import io.hibenchdse.core.UsageException;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * The user's own client a cluster's steps are submitted with, run with {@code HADOOP_CONF_DIR} the
 * cluster's configuration directory and on the user's Java. MapReduce's ({@code --submit "hadoop
 * jar"}, {@code "yarn jar"}, {@code "dse hadoop jar"}): the command, then the step's cluster jar, its
 * workload and, as generic options, every setting the launcher made (the profile's, the suite's
 * labels). Spark's ({@code --spark-submit "spark-submit --master yarn"}, a Spark 4.0 installation's): the command,
 * then the Spark JVM's main class in client mode, the suite's Spark job jar and the step's
 * arguments. The tool in that client's JVM writes its record where the report directory option
 * says, as it does under a stock {@code hadoop jar}.
 */
public record SubmitCommand(String option, List<String> command, Path confDir) {
  /** What bin/hibench keeps of the caller's environment before it picks a JDK 17. */
  private static final String CALLER_PATH = "HIBENCH_CALLER_PATH";
  private static final String CALLER_JAVA_HOME = "HIBENCH_CALLER_JAVA_HOME";

  /** Where a configuration says a setting came from when the launcher made it, not a site file. */
  private static final String SET_BY_LAUNCHER = "programmatically";

  public SubmitCommand {
    command = List.copyOf(command);
  }

  /** {@code --submit}'s value, split at white space as a shell would split it unquoted. */
  public static SubmitCommand parse(String command, Path confDir) {
    return parse("--submit", "hadoop jar", command, confDir);
  }

  /** {@code --spark-submit}'s value, split at white space as a shell would split it unquoted. */
  public static SubmitCommand parseSpark(String command, Path confDir) {
    return parse("--spark-submit", "spark-submit", command, confDir);
  }

  private static SubmitCommand parse(String option, String example, String command, Path confDir) {
    if (command.isBlank()) {
      throw new UsageException(option + " needs a command, such as \"" + example + "\"");
    }
    List<String> words = List.of(command.trim().split("\\s+"));
    if (!executable(words.get(0))) {
      throw new UsageException(option + " " + command.trim() + ": " + words.get(0) + " is not found"
          + (words.get(0).contains("/") ? " or not executable" : " on PATH"));
    }
    return new SubmitCommand(option, words, confDir);
  }

  /**
   * The Java and PATH the user called {@code bin/hibench} with, which it set aside before choosing
   * a JDK 17 for itself: the user's client runs on the user's Java, as it would without the suite.
   */
  private static void callersJava(Map<String, String> env) {
    String path = System.getenv(CALLER_PATH);
    if (path == null) {
      return; // not started by bin/hibench: this JVM's environment is the caller's
    }
    env.put("PATH", path);
    String javaHome = System.getenv(CALLER_JAVA_HOME);
    if (javaHome == null || javaHome.isEmpty()) {
      env.remove("JAVA_HOME");
    } else {
      env.put("JAVA_HOME", javaHome);
    }
    env.remove(CALLER_PATH);
    env.remove(CALLER_JAVA_HOME);
  }

  /** Whether a shell would find {@code program}: a path to an executable file, or a name on PATH. */
  private static boolean executable(String program) {
    if (program.contains("/")) {
      return Files.isExecutable(Path.of(program)) && !Files.isDirectory(Path.of(program));
    }
    String path = System.getenv(CALLER_PATH) != null ? System.getenv(CALLER_PATH) : System.getenv("PATH");
    return path != null && Arrays.stream(path.split(File.pathSeparator)).filter(d -> !d.isEmpty())
        .map(d -> Path.of(d, program)).anyMatch(f -> Files.isExecutable(f) && !Files.isDirectory(f));
  }

  /** The command as the user gave it, for the record. */
  @Override
  public String toString() {
    return String.join(" ", command);
  }

  /**
   * Runs {@code workload} of {@code jar} with {@code args} through the command, the settings
   * {@code conf} has that no file gave it first; returns the command's exit status. Its output goes
   * where this JVM's does; a stop of this JVM stops it.
   */
  public int run(Path jar, String workload, Configuration conf, List<String> args) throws IOException, InterruptedException {
    List<String> line = new ArrayList<>(command);
    line.add(jar.toString());
    line.add(workload);
    for (Map.Entry<String, String> e : conf) {
      String[] sources = conf.getPropertySources(e.getKey());
      if (sources != null && sources.length > 0 && sources[sources.length - 1].equals(SET_BY_LAUNCHER)) {
        line.add("-D");
        line.add(e.getKey() + "=" + e.getValue());
      }
    }
    line.addAll(args);
    return run(line);
  }

  /**
   * Runs the Spark JVM's {@code mainClass} of the Spark job jar {@code jar} with {@code args} through
   * the command, in client mode whatever the command says (the driver writes the record here);
   * returns the command's exit status. Its output goes where this JVM's does; a stop of this JVM stops it.
   */
  public int runSpark(String mainClass, Path jar, List<String> args) throws IOException, InterruptedException {
    List<String> line = new ArrayList<>(command);
    line.addAll(List.of("--deploy-mode", "client", "--class", mainClass, jar.toString()));
    line.addAll(args);
    return run(line);
  }

  private int run(List<String> line) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(line).inheritIO().redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    callersJava(pb.environment());
    pb.environment().put("HADOOP_CONF_DIR", confDir.toString());
    Process p;
    try {
      p = pb.start();
    } catch (IOException e) {
      throw new IOException(option + " " + this + ": " + e.getMessage(), e);
    }
    try {
      return ChildJvm.awaitWithThisJvm(p);
    } catch (IOException stopping) {
      throw new IOException(option + " " + this + ": the launcher is stopping", stopping);
    }
  }
}
