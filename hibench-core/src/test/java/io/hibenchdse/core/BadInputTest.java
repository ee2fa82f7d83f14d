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
    assertTrue(RandomTextWriter.freeSpace(conf, new org.apache.hadoop.fs.Path(path("out/deeper"))) > 0);
    assertOneLine(TestData.run(conf, "randomtextwriter", path("out")), 2, "bytes free");
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
}
