package io.hibenchdse.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Writable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WordCountTest {
  static final String TASK = "org.apache.hadoop.mapreduce.TaskCounter";

  @TempDir File dir;

  @Test
  void countsRandomTextLikeAnIndependentCount() throws Exception {
    Configuration conf = TestData.localConf(dir);
    conf.setLong(RandomTextWriter.TOTAL_BYTES, 150_000);
    conf.setLong(RandomTextWriter.BYTES_PER_MAP, 50_000);
    Path in = new Path(dir.getAbsolutePath(), "in");
    Path out = new Path(dir.getAbsolutePath(), "out");
    assertEquals(0, TestData.run(conf, "randomtextwriter", in.toString()).status);

    Map<String, Long> expected = new TreeMap<>();
    long tokens = 0;
    for (Writable[] kv : TestData.readSequenceFiles(conf, in)) {
      TestData.countTokens(kv[1].toString(), expected); // stock WordCount counts values only
    }
    for (long n : expected.values()) {
      tokens += n;
    }
    conf.setInt("mapreduce.job.reduces", 2);
    TestData.Outcome o = TestData.run(conf, "wordcount", in.toString(), out.toString());
    assertEquals(0, o.status, o.toString());
    assertEquals(expected, TestData.readTextCounts(conf, out));
    assertEquals(tokens, o.result.counter(TASK, "MAP_OUTPUT_RECORDS"));
    assertEquals(expected.size(), o.result.counter(TASK, "REDUCE_OUTPUT_RECORDS"));
    assertEquals(2, TestData.parts(conf, out).size());
    assertEquals(in.getFileSystem(conf).getContentSummary(in).getLength(), o.result.inputBytes());
  }

  @Test
  void countsPlainTextWithAnyWhitespaceAndNonAsciiWords() throws Exception {
    Configuration conf = TestData.localConf(dir);
    String text = "naïve café  naïve\tcafé\n\nZürich\fzürich \r\n  trailing   \n日本語 日本語 x";
    File in = new File(dir, "text");
    in.mkdirs();
    Files.write(new File(in, "a.txt").toPath(), text.getBytes(StandardCharsets.UTF_8));
    Files.write(new File(in, "b.txt").toPath(), "x y x\n".getBytes(StandardCharsets.UTF_8));
    Map<String, Long> expected = new TreeMap<>();
    TestData.countTokens(text, expected);
    TestData.countTokens("x y x\n", expected);
    Path out = new Path(dir.getAbsolutePath(), "out");
    TestData.Outcome o = TestData.run(conf, "wordcount", in.getAbsolutePath(), out.toString());
    assertEquals(0, o.status, o.toString());
    assertEquals(expected, TestData.readTextCounts(conf, out));
    assertEquals(3L, expected.get("x"));
  }

  @Test
  void writesSequenceFileOutputWhenAsked() throws Exception {
    Configuration conf = TestData.localConf(dir);
    File in = new File(dir, "text");
    in.mkdirs();
    Files.write(new File(in, "a.txt").toPath(), "b a b c b\n".getBytes(StandardCharsets.UTF_8));
    Path out = new Path(dir.getAbsolutePath(), "out");
    assertEquals(0, TestData.run(conf, "wordcount", "-outFormat", "seq", in.getAbsolutePath(), out.toString()).status);
    Map<String, Integer> counts = new TreeMap<>();
    for (Writable[] kv : TestData.readSequenceFiles(conf, out)) {
      counts.put(kv[0].toString(), ((IntWritable) kv[1]).get());
    }
    assertEquals("{a=1, b=3, c=1}", counts.toString());
  }
}
