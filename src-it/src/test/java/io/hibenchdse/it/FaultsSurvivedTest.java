package io.hibenchdse.it;

import io.hibenchdse.cassandra.CassandraSettings;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.cassandra.LocalCassandra;
import io.hibenchdse.cfs.CfsTestNode;
import io.hibenchdse.core.JsonLinesExporter;
import io.hibenchdse.core.Results;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.core.TestData;
import io.hibenchdse.dfsio.DfsioeMetrics;
import io.hibenchdse.launcher.storage.EmbeddedHdfs;
import io.hibenchdse.tiers.FullTier;
import io.hibenchdse.tpcxhs.HsGen;
import io.hibenchdse.tpcxhs.HsValidate;
import io.hibenchdse.tpcxhs.TpcxHsMetrics;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.terasort.GenSortChecksum;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.client.HdfsDataInputStream;
import org.apache.hadoop.hdfs.protocol.OpenFileEntry;
import org.apache.hadoop.hdfs.protocol.OpenFilesIterator.OpenFilesType;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.mapreduce.JobCounter;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real faults, real parts: a task JVM killed with SIGKILL mid-write on YARN over a 3-DataNode
 * HDFS, a DataNode stopped while TPCx-HS sorts, a Cassandra node killed and restarted between
 * TPCx-HS phases on cfs://. Each test checks the benchmark survives with its figures and data
 * intact, and that the fault really happened where it was meant to.
 */
@FullTier
class FaultsSurvivedTest {
  static final long MB = 1 << 20;
  static final Pattern ATTEMPT = Pattern.compile("attempt_\\d+_\\d+_m_\\d+_\\d+");

  @TempDir File dir;

  // ---------------------------------------------------------------------------------------------
  // 1. DFSIOE: a map attempt's JVM killed while it writes its file

  /** What the killer saw when it killed a map attempt's JVM. */
  record Kill(String attempt, String file, long visibleBytes, long pid) {}

  @Test
  void dfsioeWriteSurvivesAMapJvmKilledMidWrite() throws Exception {
    int files = 2;
    long fileSize = 64 * MB; // so the writer is still writing when it is killed, on a loaded machine too
    EmbeddedHdfs hdfs = EmbeddedHdfs.start(new File(dir, "dfs"), 3);
    ExecutorService killer = Executors.newSingleThreadExecutor();
    try {
      // A killed writer keeps its lease until the soft limit (60 s) passes; only then may the retry's
      // create take the file over. 1 s here: the recovery, not the wait, is what is tested.
      hdfs.cluster().setLeasePeriod(1000, 20 * 60 * 1000L);
      Configuration base = new Configuration();
      base.set("fs.defaultFS", hdfs.uri().toString()); // staging, history and the job on HDFS
      try (MiniMRYarnCluster yarn = FastYarn.start("dfsioe-kill", base)) {
        Configuration jc = FastYarn.jobConf(yarn);
        // the killed attempt, then maybe one that finds the dead writer's block still in recovery
        jc.setInt("mapreduce.map.maxattempts", 4);
        jc.set("test.build.data", "/faults/dfsioe");
        jc.set("hibench.report.dir", new File(dir, "report").getPath());
        Path data = new Path("/faults/dfsioe/io_data");

        AtomicBoolean done = new AtomicBoolean();
        DistributedFileSystem dfs = hdfs.cluster().getFileSystem();
        CompletableFuture<Kill> kill = CompletableFuture.supplyAsync(() -> killAWriter(dfs, data, MB, done), killer);
        File res = new File(dir, "result.txt");
        TestData.Outcome o;
        try {
          o = TestData.run(io.hibenchdse.dfsio.DfsioEnhancedJar.DRIVER, jc, "dfsioe", "-write", "-nrFiles", Integer.toString(files),
              "-fileSize", Long.toString(fileSize / MB), "-bufferSize", "65536", "-sampleInterval", "50",
              "-plotInterval", "200", "-sumThreshold", "0.4", "-resFile", res.getPath(),
              "-tputFile", new File(dir, "tput.csv").getPath());
        } finally {
          done.set(true);
        }
        Kill k = kill.get(10, TimeUnit.SECONDS);
        assertNotNull(k, "no map attempt was seen writing, so none was killed: " + o);
        System.out.println("killed " + k);
        assertTrue(k.visibleBytes < fileSize, "killed mid-write: " + k);
        assertEquals(0, o.status, o + " after killing " + k);

        // YARN counts an attempt whose JVM died as failed (not killed: nobody asked it to stop)
        long failedMaps = o.result.counter(JobCounter.class.getName(), "NUM_FAILED_MAPS");
        assertTrue(failedMaps >= 1, "NUM_FAILED_MAPS " + failedMaps + ", " + o.result.counters());
        assertEquals(0, o.result.counter(JobCounter.class.getName(), "NUM_KILLED_MAPS"), o.result.counters().toString());
        assertEquals(files + failedMaps, o.result.counter(JobCounter.class.getName(), "TOTAL_LAUNCHED_MAPS"));

        // each file counted once: the retry's bytes, none of the killed attempt's
        assertEquals(files * fileSize / (double) MB, o.result.metrics(DfsioeMetrics.class).totalMBytes, 1e-9);
        assertEquals(files * fileSize, o.result.inputBytes());
        FileStatus[] written = dfs.listStatus(data);
        assertEquals(files, written.length, Arrays.toString(written));
        for (FileStatus f : written) {
          assertEquals(fileSize, f.getLen(), f.getPath().toString());
          assertPattern(dfs, f.getPath(), 65536);
        }
        List<String> open = new ArrayList<>();
        for (var it = dfs.listOpenFiles(EnumSet.of(OpenFilesType.ALL_OPEN_FILES), data.toString()); it.hasNext(); ) {
          open.add(it.next().getFilePath());
        }
        assertEquals(List.of(), open, "the dead writer's lease is recovered and its file closed");

        // the killed attempt left no samples (its JVM never reached IoMapper's finally block): the
        // record and the report list it from the job's task completion events
        List<DfsioeMetrics.FailedAttempt> failed = o.result.metrics(DfsioeMetrics.class).failedAttempts;
        String report = Files.readString(res.toPath());
        assertAll("the killed attempt " + k.attempt + " is reported",
            () -> assertTrue(failed.stream().anyMatch(f -> k.attempt.equals(f.attempt) && k.file.equals(f.file)),
                "failedAttempts " + o.result.metrics()),
            () -> assertEquals(failedMaps, failed.size(), "one entry a failed attempt: " + o.result.metrics()),
            () -> assertTrue(report.contains("Failed attempts: " + failedMaps) && report.contains(k.attempt + " on " + k.file),
                report));
      }
    } finally {
      killer.shutdownNow();
      hdfs.close();
    }
  }

  /**
   * Waits until a map attempt has {@code atLeast} bytes of a file under {@code data} written (the
   * NameNode names the writer: a task's HDFS client name holds its attempt id), then kills that
   * attempt's JVM with SIGKILL. Null when the run ended first.
   */
  private static Kill killAWriter(DistributedFileSystem dfs, Path data, long atLeast, AtomicBoolean done) {
    Map<String, ProcessHandle> jvms = new java.util.HashMap<>(); // found once, so the kill follows the length check at once
    try {
      while (!done.get()) {
        for (RemoteIterator<OpenFileEntry> it = dfs.listOpenFiles(EnumSet.of(OpenFilesType.ALL_OPEN_FILES), data.toString());
            it.hasNext(); ) {
          OpenFileEntry e = it.next();
          Matcher m = ATTEMPT.matcher(e.getClientName());
          if (!m.find()) {
            continue;
          }
          String attempt = m.group();
          ProcessHandle jvm = jvms.get(attempt);
          if (jvm == null) {
            Optional<ProcessHandle> found = ProcessHandle.allProcesses().filter(p -> isTaskJvm(p, attempt)).findFirst();
            if (found.isEmpty()) {
              continue;
            }
            jvms.put(attempt, jvm = found.get());
          }
          long visible;
          try (HdfsDataInputStream in = (HdfsDataInputStream) dfs.open(new Path(e.getFilePath()))) {
            visible = in.getVisibleLength(); // with the bytes the DataNodes hold of the open block
          } catch (IOException notYet) {
            continue; // its first block is still being set up
          }
          if (visible < atLeast) {
            continue;
          }
          jvm.destroyForcibly(); // SIGKILL: no finally block, no shutdown hook runs
          jvm.onExit().get(30, TimeUnit.SECONDS);
          return new Kill(attempt, new Path(e.getFilePath()).getName(), visible, jvm.pid());
        }
        Thread.sleep(20);
      }
      return null;
    } catch (Exception e) {
      throw new RuntimeException(e);
    }
  }

  /** The java process YARN started for {@code attempt} (YarnChild's arguments name the attempt). */
  private static boolean isTaskJvm(ProcessHandle p, String attempt) {
    ProcessHandle.Info info = p.info();
    List<String> args = info.arguments().map(Arrays::asList).orElse(List.of());
    return info.command().map(c -> c.endsWith("/java")).orElse(false)
        && args.contains("org.apache.hadoop.mapred.YarnChild") && args.contains(attempt);
  }

  /** Every byte is TestDFSIO's pattern, restarting with each buffer: no bytes of the dead attempt mixed in. */
  static void assertPattern(FileSystem fs, Path p, int bufferSize) throws IOException {
    byte[] expected = new byte[bufferSize];
    for (int i = 0; i < bufferSize; i++) {
      expected[i] = (byte) ('0' + i % 50);
    }
    byte[] got = new byte[bufferSize];
    try (InputStream in = fs.open(p)) {
      for (long at = 0; ; at += bufferSize) {
        int n = in.readNBytes(got, 0, bufferSize);
        if (n == 0) {
          return;
        }
        assertTrue(Arrays.equals(expected, 0, n, got, 0, n), p + ": not the write pattern in the buffer at " + at);
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // 2. TPCx-HS on HDFS: a DataNode stopped while HSSort runs

  /** The moment the DataNode was stopped, and what the sort's output directory held then. */
  record Stop(long atMs, boolean temporaryExisted, boolean successExisted, List<String> reducersWriting) {}

  @Test
  void tpcxHsSurvivesADataNodeStoppedDuringHsSort() throws Exception {
    long rows = 500_000; // 50 MB: HSSort runs for several seconds on 2 cores, its reducers for some of them
    EmbeddedHdfs hdfs = EmbeddedHdfs.start(new File(dir, "dfs"), 3);
    ExecutorService stopper = Executors.newSingleThreadExecutor();
    try {
      MiniDFSCluster cluster = hdfs.cluster();
      // The NameNode declares a silent DataNode dead after 2 rechecks + 10 heartbeat intervals: 12 s
      // instead of 10.5 min, so the rest of the benchmark runs on a NameNode that knows it is gone.
      cluster.getNameNode().reconfigureProperty("dfs.namenode.heartbeat.recheck-interval", "1000");
      cluster.getNameNode().reconfigureProperty("dfs.heartbeat.interval", "1");
      Configuration c = TestData.localConf(hdfs.conf(), new File(dir, "mr"));
      c.setInt("mapreduce.job.reduces", 2);
      Path root = new Path("/faults/TPCx-HS");

      AtomicBoolean done = new AtomicBoolean();
      CompletableFuture<Stop> stop = CompletableFuture.supplyAsync(() -> stopADataNodeDuringSort(hdfs, root, done), stopper);
      TestData.Outcome o;
      try {
        o = TestData.run(io.hibenchdse.tpcxhs.TpcxHsJar.DRIVER, c, "tpcxhs", "-rows", Long.toString(rows),
            "-root", root.toString(), "-replication", "3");
      } finally {
        done.set(true);
      }
      Stop s = stop.get(60, TimeUnit.SECONDS);
      assertNotNull(s, "HSSort's reducers were never seen writing, so no DataNode was stopped: " + o);
      System.out.println("stopped a DataNode: " + s);
      assertEquals(0, o.status, o + " after " + s);
      // the stop fell inside the first run's HSSort: its output under way, not committed
      assertTrue(s.temporaryExisted && !s.successExisted && !s.reducersWriting.isEmpty(), s.toString());
      List<RunResult> phases = new ArrayList<>();
      for (String line : Files.readAllLines(Results.reportDir(c).resolve("tpcxhs-phases").resolve(Results.JSON_FILE))) {
        phases.add(JsonLinesExporter.fromJson(line));
      }
      RunResult firstSort = phases.stream().filter(r -> r.workload().equals("hssort")).findFirst().orElseThrow();
      assertTrue(firstSort.startMs() <= s.atMs && s.atMs <= firstSort.endMs(),
          "stopped at " + s.atMs + ", HSSort ran " + firstSort.startMs() + "-" + firstSort.endMs());

      // both runs: HSGen's checksum is the data's (computed here with TeraSort's own GenSort), and
      // HSValidate found every record, in order, with that checksum
      String expected = genSortChecksum(rows);
      List<TpcxHsMetrics.Run> runs = o.result.metrics(TpcxHsMetrics.class).runs;
      assertEquals(2, runs.size());
      for (TpcxHsMetrics.Run run : runs) {
        assertEquals(expected, run.checksum, "run " + run.run);
      }
      List<RunResult> validations = phases.stream().filter(r -> r.workload().equals("hsvalidate")).toList();
      assertEquals(2, validations.size(), "one HSValidate a run");
      for (RunResult v : validations) {
        HsValidate.Metrics found = v.metrics(HsValidate.Metrics.class);
        assertEquals(rows, found.records);
        assertTrue(expected.equalsIgnoreCase(found.checksum), v.metrics().toString());
      }
      // the sorted output left on the two DataNodes reads back whole, sorted, with the same checksum
      FileSystem fs = cluster.getFileSystem();
      assertEquals(expected, readSortedChecksum(fs, new Path(root, "output"), rows));
      for (Path p : TestData.parts(c, new Path(root, "output"))) {
        assertEquals(3, fs.getFileStatus(p).getReplication(), p.toString());
      }
      // and the NameNode noticed the node had gone
      long deadline = System.currentTimeMillis() + 30_000;
      while (cluster.getNamesystem().getNumLiveDataNodes() != 2 && System.currentTimeMillis() < deadline) {
        Thread.sleep(200);
      }
      assertEquals(2, cluster.getNamesystem().getNumLiveDataNodes());
      assertEquals(1, cluster.getNamesystem().getNumDeadDataNodes());
    } finally {
      stopper.shutdownNow();
      hdfs.close();
    }
  }

  /**
   * Stops the last DataNode once HSSort's reducers are writing their output (a reduce attempt's
   * part file exists under output/_temporary), so the stop hits open write pipelines. Null when
   * the benchmark ended first.
   */
  private static Stop stopADataNodeDuringSort(EmbeddedHdfs hdfs, Path root, AtomicBoolean done) {
    Path out = new Path(root, "output");
    Path temporary = new Path(out, "_temporary");
    try (FileSystem fs = FileSystem.newInstance(hdfs.uri(), hdfs.conf())) {
      while (!done.get()) {
        if (fs.exists(temporary)) {
          FileStatus[] parts = fs.globStatus(new Path(temporary, "*/_temporary/attempt_*_r_*/part-r-*"));
          if (parts != null && parts.length > 0) {
            boolean success = fs.exists(new Path(out, "_SUCCESS"));
            boolean tempExists = fs.exists(temporary);
            long at = System.currentTimeMillis();
            hdfs.cluster().stopDataNode(hdfs.cluster().getDataNodes().size() - 1);
            List<String> writing = Arrays.stream(parts).map(p -> p.getPath().getParent().getName()).toList();
            return new Stop(at, tempExists, success, writing);
          }
        }
        Thread.sleep(20);
      }
      return null;
    } catch (Exception e) {
      throw new RuntimeException(e);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // 3. TPCx-HS on cfs://: the Cassandra node killed and restarted between HSGen and HSSort

  @Test
  void tpcxHsPhasesOnCfsSurviveTheCassandraNodeKilledAndRestarted() throws Exception {
    long rows = 100_000;
    // a node of its own: restarting the JVM's shared node would pull it from under other tests
    try (LocalCassandra node = LocalCassandra.start(dir.toPath().resolve("cassandra"), CassandraSettings.TESTS.crashSafe())) {
      Configuration c = TestData.localConf(CfsTestNode.conf(node), new File(dir, "mr"));
      c.setInt("mapreduce.job.reduces", 2);
      Path in = new Path("/faults/TPCx-HS/input");
      Path out = new Path("/faults/TPCx-HS/output");
      TestData.Outcome gen = TestData.run(io.hibenchdse.tpcxhs.TpcxHsJar.DRIVER, c, "hsgen", "-rows", Long.toString(rows),
          "-replication", "1", in.toString());
      assertEquals(0, gen.status, gen.toString());
      String checksum = gen.result.metrics(HsGen.Metrics.class).checksum;
      assertEquals(genSortChecksum(rows), checksum);
      Map<String, String> before = contents(c, node, in);
      assertFalse(before.isEmpty());

      node.restart(true); // SIGKILL, then start again on the same files
      long back = System.nanoTime();

      // every file HSGen's job committed is there with the same length and bytes, read by a new client
      assertEquals(before, contents(c, node, in));
      // The client HSGen's job used (cached in this JVM, as in a suite run) lived through the
      // restart: its driver reconnects on its own backoff schedule, and until then every call
      // fails at once. It must come back; the phases then run on it.
      FileSystem survivor = FileSystem.get(c);
      IOException last = null;
      while (true) {
        try {
          survivor.getFileStatus(in);
          break;
        } catch (IOException e) {
          last = e;
        }
        assertTrue(System.nanoTime() - back < TimeUnit.SECONDS.toNanos(90),
            "the client that lived through the restart never reconnected: " + last);
        Thread.sleep(250);
      }
      System.out.printf("the surviving cfs:// client answered %d ms after the node was back (last failure: %s)%n",
          TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - back), last);
      TestData.Outcome check = TestData.run(io.hibenchdse.tpcxhs.TpcxHsJar.DRIVER, c, "hsdatacheck", "-rows",
          Long.toString(rows), "-replication", "1", in.toString());
      assertEquals(0, check.status, check.toString());
      TestData.Outcome sort = TestData.run(io.hibenchdse.tpcxhs.TpcxHsJar.DRIVER, c, "hssort", "-replication", "1",
          in.toString(), out.toString());
      assertEquals(0, sort.status, sort.toString());
      TestData.Outcome validate = TestData.run(io.hibenchdse.tpcxhs.TpcxHsJar.DRIVER, c, "hsvalidate", "-rows",
          Long.toString(rows), "-checksum", checksum, out.toString(), "/faults/TPCx-HS/validate");
      assertEquals(0, validate.status, validate.toString());
      assertTrue(checksum.equalsIgnoreCase(validate.result.metrics(HsValidate.Metrics.class).checksum), validate.result.metrics().toString());
      try (FileSystem fs = FileSystem.newInstance(CfsTestNode.uri(node), c)) {
        assertEquals(checksum, readSortedChecksum(fs, out, rows));
      }
      // the cached client, which would try the stopped node for as long as this JVM lives
      survivor.close();
    }
  }

  /** Name to length and MD5 of every data file in {@code dir}, read through a client of its own. */
  private static Map<String, String> contents(Configuration conf, LocalCassandra node, Path dir) throws Exception {
    Map<String, String> files = new TreeMap<>();
    try (FileSystem fs = FileSystem.newInstance(CfsTestNode.uri(node), conf)) {
      for (FileStatus f : fs.listStatus(dir)) {
        MessageDigest md5 = MessageDigest.getInstance("MD5");
        long length = 0;
        try (InputStream s = fs.open(f.getPath())) {
          byte[] b = new byte[1 << 16];
          for (int n = s.read(b); n >= 0; n = s.read(b)) {
            md5.update(b, 0, n);
            length += n;
          }
        }
        assertEquals(f.getLen(), length, f.getPath().toString());
        files.put(f.getPath().getName(), f.getLen() + " " + HexFormat.of().formatHex(md5.digest()));
      }
    }
    return files;
  }

  // ---------------------------------------------------------------------------------------------

  /** TeraGen's checksum of {@code rows} rows, from Hadoop's GenSort: not read from any file system. */
  static String genSortChecksum(long rows) throws IOException {
    return GenSortChecksum.of(rows);
  }

  /**
   * Reads a sorted output's part files in name order: checks they hold {@code rows} records with
   * keys never descending, and returns the checksum (as HSGen's) of the records.
   */
  static String readSortedChecksum(FileSystem fs, Path dir, long rows) throws IOException {
    CRC32 crc = new CRC32();
    long sum = 0;
    long count = 0;
    byte[] previous = null;
    byte[] record = new byte[100];
    List<Path> parts = TestData.parts(fs.getConf(), fs.makeQualified(dir));
    for (Path p : parts) {
      try (InputStream in = new java.io.BufferedInputStream(fs.open(p), 1 << 20)) {
        for (int n = in.readNBytes(record, 0, 100); n > 0; n = in.readNBytes(record, 0, 100)) {
          assertEquals(100, n, p + ": a partial record at the end");
          if (previous != null) {
            assertTrue(WritableComparator.compareBytes(previous, 0, 10, record, 0, 10) <= 0,
                p + " record " + count + " is below the previous key");
          }
          previous = Arrays.copyOf(record, 10);
          crc.reset();
          crc.update(record, 0, 100);
          sum += crc.getValue();
          count++;
        }
      }
    }
    assertEquals(rows, count, "records in " + parts);
    return Long.toUnsignedString(sum, 16);
  }
}
