package io.hibenchdse.cfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.tiers.FullTier;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IOUtils;
import org.junit.jupiter.api.Test;

/**
 * A writer killed before close leaves no visible file, and {@code cfs check} finds and removes what
 * it wrote; a file that lost a sub-block is reported, never read as if whole. Each test uses a
 * keyspace of its own, so what other tests left behind does not count.
 */
@FullTier
class CrashedWriterTest {
  /** Two full blocks reach Cassandra; the third block's first bytes wait in the stream's buffer. */
  private static final int WRITTEN = 2 * CfsTestNode.BLOCK + 1000;

  private static Configuration conf(String keyspace) {
    Configuration conf = CfsTestNode.conf();
    conf.set(CfsConfigKeys.KEYSPACE.key(), keyspace);
    return conf;
  }

  /** Runs the admin command in-process: its exit status and what it printed. */
  static String admin(Configuration conf, int expectedStatus, String... args) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    CfsAdmin tool = new CfsAdmin(new PrintStream(out, true, "UTF-8"), new PrintStream(err, true, "UTF-8"));
    tool.setConf(conf);
    int status = tool.run(args);
    String printed = out.toString("UTF-8") + err.toString("UTF-8");
    assertEquals(expectedStatus, status, printed);
    return printed;
  }

  @Test
  void aKilledWriterLeavesNoFileAndTheCheckRemovesWhatItWrote() throws Exception {
    Configuration conf = conf("crash");
    String uri = CfsTestNode.uri().toString();
    FileSystem fs = FileSystem.newInstance(CfsTestNode.uri(), conf);
    Path file = new Path("/crash/half written.bin");
    fs.delete(file.getParent(), true);

    List<String> cmd = new ArrayList<>();
    cmd.add(System.getProperty("java.home") + "/bin/java");
    cmd.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(AbandonedWriter.class.getName());
    cmd.add(uri);
    cmd.add("crash");
    cmd.add(file.toString());
    cmd.add(Integer.toString(WRITTEN));
    Process writer = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    try (BufferedReader lines = new BufferedReader(new InputStreamReader(writer.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = lines.readLine()) != null && !line.equals("WRITTEN")) {
        // the child's log lines
      }
      assertEquals("WRITTEN", line, "the writer died before writing");
      // Kill only once the full sub-blocks have reached Cassandra (the last one waits for close).
      long deadline = System.currentTimeMillis() + 60_000;
      try (CfsStore store = new CfsStore(CfsTestNode.uri(), conf)) {
        while (KeyspaceScan.run(store, 0).storedSubBlocks.values().stream().mapToInt(Integer::intValue).sum()
            < WRITTEN / CfsTestNode.SUB_BLOCK) {
          assertTrue(System.currentTimeMillis() < deadline, "sub-blocks never arrived");
          Thread.sleep(50);
        }
      }
    } finally {
      writer.destroyForcibly();
      assertTrue(writer.waitFor(30, TimeUnit.SECONDS));
    }

    assertFalse(fs.exists(file), "a file is visible only once closed");
    assertEquals(0, fs.listStatus(file.getParent()).length);

    String young = admin(conf, 0, "check", uri);
    assertTrue(young.contains("orphaned blocks: 0"), "blocks younger than the grace period may belong to a live writer: " + young);

    String found = admin(conf, CfsAdmin.PROBLEMS, "check", "-grace", "0", uri);
    assertTrue(found.contains("orphaned blocks: 2, pending rows to drop: 3"), found);
    assertTrue(found.contains("of an unclosed " + file), found);

    String cleaned = admin(conf, 0, "check", "-grace", "0", "-clean", uri);
    assertTrue(cleaned.contains("removed 2 orphaned blocks and 3 pending rows"), cleaned);
    String after = admin(conf, 0, "check", "-grace", "0", uri);
    assertTrue(after.contains("orphaned blocks: 0, pending rows to drop: 0, damaged files: 0"), after);
    try (CfsStore store = new CfsStore(CfsTestNode.uri(), conf)) {
      KeyspaceScan scan = KeyspaceScan.run(store, 0);
      assertEquals(0, scan.storedSubBlocks.size(), "no sub-block left behind");
    }
    fs.close();
  }

  @Test
  void aFileThatLostASubBlockIsReportedAndNeverReadAsWhole() throws Exception {
    Configuration conf = conf("damage");
    FileSystem fs = FileSystem.newInstance(CfsTestNode.uri(), conf);
    Path file = new Path("/damage/file");
    fs.delete(file, false);
    RoundTripTest.write(fs, file, RoundTripTest.random(CfsTestNode.BLOCK + 10, 4));
    String uri = CfsTestNode.uri().toString();
    assertTrue(admin(conf, 0, "check", "-grace", "0", uri).contains("damaged files: 0"));

    try (CfsStore store = new CfsStore(CfsTestNode.uri(), conf)) {
      Block first = store.get(file.toString()).blocks.get(0);
      store.session().execute(String.format("DELETE FROM %s.sblocks WHERE block_id = %s AND sub = 2", store.keyspace, first.id));
      String report = admin(conf, CfsAdmin.PROBLEMS, "check", "-grace", "0", uri);
      assertTrue(report.contains("damaged file /damage/file: block " + first.id + " has 3 of 4 sub-blocks"), report);
    }
    try (FSDataInputStream in = fs.open(file)) {
      byte[] all = new byte[CfsTestNode.BLOCK + 10];
      IOException e = assertThrows(IOException.class, () -> IOUtils.readFully(in, all, 0, all.length));
      assertTrue(e.getMessage().contains("is damaged: sub-block 2"), e.getMessage());
    }
    Path orphanParent = new Path("/damage/gone/file");
    RoundTripTest.write(fs, orphanParent, RoundTripTest.random(10, 5));
    try (CfsStore store = new CfsStore(CfsTestNode.uri(), conf)) {
      store.remove("/damage/gone");
    }
    String detached = admin(conf, CfsAdmin.PROBLEMS, "check", "-grace", "0", "-clean", uri);
    assertTrue(detached.contains("detached entry /damage/gone/file: its parent directory's row is gone"), detached);
    assertTrue(detached.contains("removed 0 orphaned blocks"), "a detached file's blocks are not garbage: " + detached);
    String usage = admin(conf, 0, "usage", uri);
    assertTrue(usage.contains("files: 2") && usage.contains("bytes: " + (CfsTestNode.BLOCK + 20)), usage);
    admin(conf, CfsAdmin.USAGE, "check", "-grace", "soon", uri);
    fs.close();
  }
}
