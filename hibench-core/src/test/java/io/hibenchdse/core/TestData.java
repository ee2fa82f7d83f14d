package io.hibenchdse.core;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.StringTokenizer;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.util.ReflectionUtils;

/** Helpers for tests here and in src-it: run a workload, read its output back, count independently. */
public final class TestData {
  private TestData() {}

  /** A local-runner configuration whose scratch files and reports stay under {@code dir}. */
  public static Configuration localConf(File dir) {
    return localConf(new Configuration(), dir);
  }

  /** {@code base} (for example an HDFS client's) with the local runner's scratch files under {@code dir}. */
  public static Configuration localConf(Configuration base, File dir) {
    Configuration conf = LocalRunner.configure(new Configuration(base), dir);
    conf.set(HibenchConfigKeys.REPORT_DIR, new File(dir, "report").getAbsolutePath());
    return conf;
  }

  /** What a run returned and printed on its error stream. */
  public static final class Outcome {
    public final int status;
    public final List<String> errLines;
    public final RunResult result;

    Outcome(int status, String err, RunResult result) {
      this.status = status;
      this.errLines = err.isEmpty() ? new ArrayList<>() : Arrays.asList(err.split("\\R"));
      this.result = result;
    }

    @Override
    public String toString() {
      return "exit " + status + " " + errLines;
    }
  }

  /** Runs {@code args[0]} of hibench-core in-process, as {@code hadoop jar} would. */
  public static Outcome run(Configuration conf, String... args) {
    return run(HibenchCoreJar.DRIVER, conf, args);
  }

  /** Runs {@code args[0]} of a jar's driver in-process, capturing its error stream and result. */
  public static Outcome run(WorkloadDriver driver, Configuration conf, String... args) {
    Workload w = args.length == 0 ? null : driver.find(args[0]);
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream ps = new PrintStream(err, true);
    if (w == null) {
      int status = driver.run(conf, args, ps);
      return new Outcome(status, err.toString(), null);
    }
    BenchmarkTool tool = w.newTool();
    int status = WorkloadDriver.run(tool, new Configuration(conf), Arrays.copyOfRange(args, 1, args.length), ps);
    return new Outcome(status, err.toString(), tool.result());
  }

  /** The data files of a job's output directory, in part order. */
  public static List<Path> parts(Configuration conf, Path dir) throws IOException {
    FileSystem fs = dir.getFileSystem(conf);
    List<Path> parts = new ArrayList<>();
    for (FileStatus s : fs.listStatus(dir)) {
      if (s.getPath().getName().startsWith("part-")) {
        parts.add(s.getPath());
      }
    }
    parts.sort(null);
    return parts;
  }

  /** Every record of one SequenceFile, as {key, value} pairs of fresh Writables. */
  public static List<Writable[]> readSequenceFile(Configuration conf, Path file) throws IOException {
    List<Writable[]> records = new ArrayList<>();
    try (SequenceFile.Reader r = new SequenceFile.Reader(conf, SequenceFile.Reader.file(file))) {
      while (true) {
        Writable k = (Writable) ReflectionUtils.newInstance(r.getKeyClass(), conf);
        Writable v = (Writable) ReflectionUtils.newInstance(r.getValueClass(), conf);
        if (!r.next(k, v)) {
          return records;
        }
        records.add(new Writable[] {k, v});
      }
    }
  }

  /** Every record of a SequenceFile output directory, part by part. */
  public static List<Writable[]> readSequenceFiles(Configuration conf, Path dir) throws IOException {
    List<Writable[]> records = new ArrayList<>();
    for (Path p : parts(conf, dir)) {
      records.addAll(readSequenceFile(conf, p));
    }
    return records;
  }

  /** Word counts from {@code word<TAB>count} text output. */
  public static Map<String, Long> readTextCounts(Configuration conf, Path dir) throws IOException {
    Map<String, Long> counts = new TreeMap<>();
    FileSystem fs = dir.getFileSystem(conf);
    for (Path p : parts(conf, dir)) {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(fs.open(p), StandardCharsets.UTF_8))) {
        for (String line = r.readLine(); line != null; line = r.readLine()) {
          int tab = line.lastIndexOf('\t');
          if (counts.put(line.substring(0, tab), Long.parseLong(line.substring(tab + 1))) != null) {
            throw new AssertionError("word twice in the output: " + line);
          }
        }
      }
    }
    return counts;
  }

  /** The stock way: StringTokenizer over the decoded string. */
  public static void countTokens(String text, Map<String, Long> into) {
    StringTokenizer t = new StringTokenizer(text);
    while (t.hasMoreTokens()) {
      into.merge(t.nextToken(), 1L, Long::sum);
    }
  }
}
