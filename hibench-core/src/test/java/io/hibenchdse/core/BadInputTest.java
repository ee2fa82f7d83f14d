package io.hibenchdse.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every kind of bad input ends with one line on stderr naming the problem and a non-zero exit. */
class BadInputTest {
  @TempDir File dir;
  Configuration conf;
  File text;

  @BeforeEach
  void setUp() throws Exception {
    conf = TestData.localConf(dir);
    text = new File(dir, "in");
    text.mkdirs();
    Files.write(new File(text, "a.txt").toPath(), "a b\n".getBytes());
  }

  private static void assertOneLine(TestData.Outcome o, int status, String... fragments) {
    assertEquals(status, o.status, o.toString());
    assertEquals(1, o.errLines.size(), o.toString());
    for (String f : fragments) {
      assertTrue(o.errLines.get(0).contains(f), "'" + o.errLines.get(0) + "' should mention '" + f + "'");
    }
    assertTrue(o.result == null, "no result for a failed run");
  }

  private String path(String name) {
    return new File(dir, name).getAbsolutePath();
  }

  @Test
  void missingInput() {
    assertOneLine(TestData.run(conf, "wordcount", path("nothing"), path("out")), 2,
        "wordcount:", "nothing", "does not exist");
  }

  @Test
  void existingOutputIsKeptUnlessOverwrite() throws Exception {
    File out = new File(dir, "out");
    out.mkdirs();
    File mine = new File(out, "precious.txt");
    Files.write(mine.toPath(), "keep me".getBytes());
    assertOneLine(TestData.run(conf, "wordcount", text.getPath(), out.getPath()), 2,
        "already exists", "-overwrite");
    assertTrue(mine.exists());
    assertEquals(0, TestData.run(conf, "wordcount", "-overwrite", text.getPath(), out.getPath()).status);
    assertTrue(!mine.exists());
  }

  @Test
  void aBadOptionWithOverwriteDeletesNothing() throws Exception {
    File out = new File(dir, "out");
    out.mkdirs();
    Files.write(new File(out, "precious.txt").toPath(), "keep me".getBytes());
    assertOneLine(TestData.run(conf, "sort", "-overwrite", "-r", "0", text.getPath(), out.getPath()), 2, "-r");
    conf.setLong(RandomTextWriter.BYTES_PER_MAP, -1);
    assertOneLine(TestData.run(conf, "randomtextwriter", "-overwrite", out.getPath()), 2, RandomTextWriter.BYTES_PER_MAP);
    assertTrue(new File(out, "precious.txt").exists());
  }

  @Test
  void overwriteNeverDeletesTheInput() {
    assertOneLine(TestData.run(conf, "wordcount", "-overwrite", text.getPath(), dir.getPath()), 2,
        "holds the input");
    assertTrue(new File(text, "a.txt").exists());
  }

  @Test
  void negativeSizes() {
    conf.setLong(RandomTextWriter.TOTAL_BYTES, -5);
    assertOneLine(TestData.run(conf, "randomtextwriter", path("out")), 2, RandomTextWriter.TOTAL_BYTES, "-5");
    conf.setLong(RandomTextWriter.TOTAL_BYTES, 1000);
    conf.setLong(RandomTextWriter.BYTES_PER_MAP, -1);
    assertOneLine(TestData.run(conf, "randomtextwriter", path("out")), 2, RandomTextWriter.BYTES_PER_MAP);
    conf.setLong(RandomTextWriter.BYTES_PER_MAP, 1000);
    conf.setInt(RandomTextWriter.MAX_WORDS_VALUE, 3);
    assertOneLine(TestData.run(conf, "randomtextwriter", path("out")), 2, "word range");
  }

  @Test
  void absurdSizes() throws Exception {
    conf.setLong(RandomTextWriter.TOTAL_BYTES, 1L << 60);
    conf.setLong(RandomTextWriter.BYTES_PER_MAP, 1L << 50);
    long usable = FreeSpace.available(conf, new org.apache.hadoop.fs.Path(path("out/deeper")));
    assertTrue(usable > 0 && usable <= dir.getFreeSpace(), "the user's space, not the root-reserved blocks: " + usable);
    assertOneLine(TestData.run(conf, "randomtextwriter", path("out")), 2, "needs", "available", "missing");
    conf.setLong(RandomTextWriter.BYTES_PER_MAP, 1);
    assertOneLine(TestData.run(conf, "randomtextwriter", path("out")), 2, "maps");
    assertTrue(!new File(dir, "out").exists());
  }

  @Test
  void unknownOptionsAndWorkloads() {
    assertOneLine(TestData.run(conf, "wordcount", "-bogus", text.getPath(), path("out")), 2, "-bogus");
    assertOneLine(TestData.run(conf, "sort", "-outKey", "org.apache.hadoop.io.Text", "-outValue", "org.apache.hadoop.io.Text", "-totalOrder", "2", "10", "10", text.getPath(), path("out")), 2,
        "-totalOrder");
    assertOneLine(TestData.run(conf, "wordcount", text.getPath()), 2, "wordcount:");
    assertOneLine(TestData.run(conf, "wordcnt", "a", "b"), 2, "unknown workload 'wordcnt'");
    TestData.Outcome list = TestData.run(conf);
    assertEquals(2, list.status);
    assertTrue(list.errLines.stream().anyMatch(l -> l.trim().startsWith("wordcount")), list.toString());
  }

  @Test
  void hdfsThatDoesNotAnswerFailsFast() {
    long t0 = System.nanoTime();
    TestData.Outcome o = TestData.run(conf, "wordcount", "hdfs://127.0.0.1:1/in", "hdfs://127.0.0.1:1/out");
    assertOneLine(o, 1, "cannot reach hdfs://127.0.0.1:1/");
    assertTrue(System.nanoTime() - t0 < 20e9, "gave up within 20 s");
  }

  @Test
  void inputsThatHoldNothingToReadAreRefused() throws Exception {
    File empty = new File(dir, "empty");
    empty.mkdirs();
    assertOneLine(TestData.run(conf, "wordcount", empty.getPath(), path("out")), 2, "empty", "holds no files to read");
    // what a killed job and a checksummed file system leave: hidden files only
    File leftovers = new File(dir, "leftovers");
    new File(leftovers, "_temporary/0").mkdirs();
    Files.write(new File(leftovers, "_temporary/0/part-r-00000").toPath(), "x y z\n".getBytes());
    Files.write(new File(leftovers, "_SUCCESS").toPath(), new byte[0]);
    Files.write(new File(leftovers, ".part.crc").toPath(), "crc".getBytes());
    assertOneLine(TestData.run(conf, "wordcount", leftovers.getPath(), path("out")), 2, "holds no files to read");
    assertOneLine(TestData.run(conf, "sort", leftovers.getPath(), path("out")), 2, "holds no files to read");
    assertTrue(!new File(dir, "out").exists());
  }

  @Test
  void aRunThatReadNoRecordIsAFailedRun() throws Exception {
    File zero = new File(dir, "zero");
    zero.mkdirs();
    Files.write(new File(zero, "part-00000").toPath(), new byte[0]);
    assertOneLine(TestData.run(conf, "wordcount", zero.getPath(), path("out")), 1, "read no records");
    assertTrue(!new File(dir, "out").exists(), "the empty output is not left to block the rerun");
  }

  @Test
  void theInputSizeCountsOnlyTheFilesTheJobReads() throws Exception {
    new File(text, "_temporary/0").mkdirs();
    Files.write(new File(text, "_temporary/0/part-r-00000").toPath(), new byte[1000]);
    Files.write(new File(text, "_SUCCESS").toPath(), new byte[0]);
    TestData.Outcome o = TestData.run(conf, "wordcount", text.getPath(), path("out"));
    assertEquals(0, o.status, o.toString());
    assertEquals(4, o.result.inputBytes(), "a.txt alone: 'a b\\n'");
    assertEquals(2, o.result.counter("org.apache.hadoop.mapreduce.TaskCounter", "MAP_OUTPUT_RECORDS"));
  }

  @Test
  void anInputWithASubdirectoryIsNamed() throws Exception {
    new File(text, "nested").mkdirs();
    Files.write(new File(text, "nested/b.txt").toPath(), "c\n".getBytes());
    assertOneLine(TestData.run(conf, "wordcount", text.getPath(), path("out")), 2,
        "directory nested", "non-recursively");
  }

  @Test
  void anOutputInsideTheInputIsRefused() throws Exception {
    assertOneLine(TestData.run(conf, "sort", text.getPath(), new File(text, "sorted").getPath()), 2,
        "inside the input");
    assertOneLine(TestData.run(conf, "wordcount", "-overwrite", text.getPath(), new File(text, "a.txt").getPath()), 2,
        "inside the input");
    assertEquals(1, text.list().length, "the input is as it was");
  }

  @Test
  void aMissingConfFileIsRefused() {
    assertOneLine(TestData.run(conf, "wordcount", "-conf", path("missing.xml"), text.getPath(), path("out")), 2,
        "-conf", "missing.xml", "no such file");
  }

  @Test
  void aValueThatIsNoNumberNamesItsKey() {
    assertOneLine(TestData.run(conf, "randomtextwriter", "-D", RandomTextWriter.TOTAL_BYTES + "=12x", path("out")), 2,
        "-D " + RandomTextWriter.TOTAL_BYTES + "=12x", "not a number");
    assertOneLine(TestData.run(conf, "wordcount", "-Dmapreduce.job.reduces=two", text.getPath(), path("out")), 2,
        "mapreduce.job.reduces=two");
  }

  @Test
  void helpExitsZero() {
    for (String help : new String[] {"-h", "-help", "--help"}) {
      TestData.Outcome o = TestData.run(conf, "wordcount", help);
      assertEquals(0, o.status, o.toString());
      assertTrue(o.errLines.isEmpty(), o.toString());
    }
  }

  @Test
  void aFailedTaskIsOneLineNamingTheFileAndRecordWithTheTraceSaved() throws Exception {
    conf.setLong(RandomTextWriter.TOTAL_BYTES, 200_000);
    conf.setLong(RandomTextWriter.BYTES_PER_MAP, 200_000);
    File data = new File(dir, "data");
    assertEquals(0, TestData.run(conf, "randomtextwriter", data.getPath()).status);
    File part = new File(data, "part-m-00000");
    File cut = new File(dir, "cut");
    cut.mkdirs();
    byte[] bytes = Files.readAllBytes(part.toPath());
    Files.write(new File(cut, "part-m-00000").toPath(), java.util.Arrays.copyOf(bytes, bytes.length / 2));

    TestData.Outcome o = TestData.run(conf, "sort", cut.getPath(), path("sorted"));
    assertOneLine(o, 1, "sort: job", "FAILED", cut.getName() + "/part-m-00000", " record ", "EOFException",
        "partial output was removed", "full trace in");
    String log = o.errLines.get(0).replaceFirst(".*full trace in (.*)\\)$", "$1");
    String trace = new String(Files.readAllBytes(new File(log).toPath()));
    assertTrue(trace.contains("java.io.EOFException") && trace.contains("SequenceFile"), trace);
    assertTrue(!new File(dir, "sorted").exists(), "no partial output blocks the rerun");
  }

  @Test
  void aTaskThatCannotCreateItsOutputIsNamed() {
    conf.set("fs.file.impl", FullDiskFileSystem.class.getName());
    conf.setBoolean("fs.file.impl.disable.cache", true);
    conf.setLong(RandomTextWriter.TOTAL_BYTES, 20_000);
    conf.setLong(RandomTextWriter.BYTES_PER_MAP, 10_000);
    assertOneLine(TestData.run(conf, "randomtextwriter", path("gen")), 1,
        "randomtextwriter: job", "FAILED: No space left on device", "part-m-00001", "full trace in");
    assertTrue(!new File(dir, "gen").exists(), "the partial output is removed");
  }
}
