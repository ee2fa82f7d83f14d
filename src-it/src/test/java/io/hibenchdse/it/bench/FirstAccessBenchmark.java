package io.hibenchdse.it.bench;

import io.hibenchdse.cassandra.CassandraSettings;
import io.hibenchdse.launcher.storage.EmbeddedCfs;
import io.hibenchdse.launcher.storage.EmbeddedHdfs;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.FileUtil;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * What the first access to a file system costs a fresh JVM (every YARN task pays it): hdfs://
 * (the stock client, against a NameNode) and cfs:// (the adapter's shaded jar, against a Cassandra
 * node), alternating, in JVMs whose class path is Hadoop's plus the adapter's jar. Run it with
 * scripts/bench/first-access.sh.
 */
@Command(name = "first-access.sh", mixinStandardHelpOptions = true)
public final class FirstAccessBenchmark implements Callable<Integer> {
  @Option(names = "--runs", defaultValue = "7", description = "Fresh JVMs per file system (default: ${DEFAULT-VALUE}).")
  int runs;

  @Option(names = "--warmup", defaultValue = "3",
      description = "Unmeasured runs first: a fresh node answers its first queries slowly (default: ${DEFAULT-VALUE}).")
  int warmup;

  @Option(names = "--adapter", defaultValue = "cfs-adapter/target/cfs-adapter.jar",
      description = "The adapter's jar, as clusters get it (default: ${DEFAULT-VALUE}).")
  File adapter;

  @Option(names = "--dir", defaultValue = "target/bench-first-access", description = "Where both keep their data (default: ${DEFAULT-VALUE}).")
  File dir;

  @Option(names = "--json", description = "Also write the figures to this JSON file.")
  File json;

  private static final String[] CLIENTS = {"first client", "second client", "a client 1 s later"};
  private final PrintStream out = System.out;

  public static void main(String[] args) {
    System.exit(new CommandLine(new FirstAccessBenchmark()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    if (!adapter.isFile()) {
      throw new IllegalArgumentException("--adapter " + adapter + " is not a file (mvn package builds it)");
    }
    FileUtil.fullyDelete(dir);
    dir.mkdirs();
    // the unshaded adapter and driver of this JVM's class path stay out: a task has the jar only
    String classPath = adapter.getAbsolutePath() + File.pathSeparator
        + Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
            .filter(e -> !e.matches(".*(cfs-adapter|java-driver|native-protocol).*"))
            .collect(Collectors.joining(File.pathSeparator));
    Map<String, List<Double>> figures = new LinkedHashMap<>();
    try (EmbeddedHdfs hdfs = EmbeddedHdfs.start(new File(dir, "hdfs"), 1);
        EmbeddedCfs cfs = EmbeddedCfs.start(new File(dir, "cassandra"), CassandraSettings.BENCHMARK, 1, 1)) {
      Map<String, String> targets = new LinkedHashMap<>();
      targets.put("hdfs", hdfs.uri().toString());
      targets.put("cfs", cfs.uri().toString());
      out.printf("first-access benchmark: %d fresh JVMs per file system, alternating; %s and %s%n", runs,
          targets.get("hdfs"), targets.get("cfs"));
      for (int run = 1 - warmup; run <= runs; run++) {
        List<String> order = (run & 1) != 0 ? List.of("hdfs", "cfs") : List.of("cfs", "hdfs");
        for (String target : order) {
          double[] t = probe(classPath, targets.get(target));
          out.printf(Locale.ROOT, "%-7s %-4s  Hadoop's first access (file:///) %.3f s  first client %.3f s  second client %.3f s"
              + "  a client 1 s later %.3f s%n", run <= 0 ? "warm-up" : "run " + run, target, t[0], t[1], t[2], t[3]);
          if (run <= 0) {
            continue;
          }
          for (int i = 1; i < t.length; i++) {
            figures.computeIfAbsent(target + " " + CLIENTS[i - 1], k -> new ArrayList<>()).add(t[i]);
          }
        }
      }
    }
    out.println();
    Map<String, Double> ratios = new LinkedHashMap<>();
    for (String which : CLIENTS) {
      double h = Figures.median(figures.get("hdfs " + which));
      double c = Figures.median(figures.get("cfs " + which));
      ratios.put(which + " cfs/hdfs", c / h);
      out.printf(Locale.ROOT, "%-19s median: hdfs %.4f s  cfs %.4f s  cfs/hdfs %.2f%n", which, h, c, c / h);
    }
    Map<String, Object> all = new LinkedHashMap<>();
    all.put("runs", runs);
    all.put("figures", figures);
    all.put("ratios", ratios);
    Figures.write(json, all);
    FileUtil.fullyDelete(dir);
    return 0;
  }

  private static double[] probe(String classPath, String uri) throws Exception {
    String java = System.getProperty("java.home") + "/bin/java";
    Process p = new ProcessBuilder(java, "-cp", classPath, FirstAccessProbe.class.getName(), uri)
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String result = null;
    try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line; (line = r.readLine()) != null; ) {
        if (line.startsWith("PROBE ")) {
          result = line;
        }
      }
    }
    if (p.waitFor() != 0 || result == null) {
      throw new IllegalStateException("the probe of " + uri + " failed (exit " + p.exitValue() + ")");
    }
    String[] f = result.split(" ");
    return new double[] {Double.parseDouble(f[1]), Double.parseDouble(f[2]), Double.parseDouble(f[3]), Double.parseDouble(f[4])};
  }
}
