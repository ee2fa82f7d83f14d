package io.hibenchdse.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.MD5Hash;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A SIGTERM while a job runs (what Ctrl-C, {@code kill} and a scheduler's timeout send), in a
 * real child JVM: the job is killed, the partial output removed, the input left as it was, and
 * the rerun needs no {@code -overwrite}.
 */
class CleanStopTest {
  @TempDir File dir;

  @Test
  void aStoppedRunLeavesNoOutputAndTheInputUntouched() throws Exception {
    Configuration conf = TestData.localConf(dir);
    conf.setLong(RandomTextWriter.TOTAL_BYTES, 30L << 20);
    conf.setLong(RandomTextWriter.BYTES_PER_MAP, 10L << 20);
    File in = new File(dir, "in");
    assertEquals(0, TestData.run(conf, "randomtextwriter", in.getPath()).status);
    Map<String, String> before = digests(in);
    File confFile = new File(dir, "job.xml");
    try (FileOutputStream o = new FileOutputStream(confFile)) {
      conf.writeXml(o);
    }
    File out = new File(dir, "out");

    Process child = start(confFile, in, out);
    List<String> lines = new ArrayList<>();
    boolean stopped = false;
    try (BufferedReader err = new BufferedReader(new InputStreamReader(child.getErrorStream(), StandardCharsets.UTF_8))) {
      for (String line = err.readLine(); line != null; line = err.readLine()) {
        lines.add(line);
        // once: the job may print more progress while it is being killed
        if (!stopped && line.startsWith("wordcount job_") && line.contains("map")) {
          stopped = true;
          long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
          while (!new File(out, "_temporary").exists() && System.nanoTime() < deadline) {
            Thread.sleep(10);
          }
          // the job runs and writes below out/_temporary: stop it now
          assertTrue(new File(out, "_temporary").exists(), "the job had created its output: " + lines);
          child.toHandle().destroy(); // SIGTERM; Process.destroy would also close our end of its stderr
        }
      }
    }
    assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the child stopped");
    assertEquals(143, child.exitValue(), "killed by SIGTERM: " + lines);
    assertTrue(lines.stream().anyMatch(l -> l.contains("stopped; killing job_")), lines.toString());
    assertTrue(lines.stream().anyMatch(l -> l.contains("stopped; removed its partial output")), lines.toString());
    assertTrue(!out.exists(), "no partial output: " + lines);
    assertEquals(before, digests(in), "the input is untouched");

    TestData.Outcome rerun = TestData.run(conf, "wordcount", in.getPath(), out.getPath());
    assertEquals(0, rerun.status, "the rerun starts clean, without -overwrite: " + rerun);
  }

  private Process start(File confFile, File in, File out) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(new File(System.getProperty("java.home"), "bin/java").getPath());
    for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (arg.startsWith("--add-opens") || arg.startsWith("-XX:+IgnoreUnrecognized")) {
        cmd.add(arg);
      }
    }
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(HibenchCoreJar.class.getName());
    cmd.add("wordcount");
    cmd.add("-conf");
    cmd.add(confFile.getPath());
    cmd.add(in.getPath());
    cmd.add(out.getPath());
    return new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
  }

  private static Map<String, String> digests(File d) throws Exception {
    Map<String, String> m = new TreeMap<>();
    for (File f : d.listFiles()) {
      m.put(f.getName(), MD5Hash.digest(Files.readAllBytes(f.toPath())).toString());
    }
    return m;
  }
}
