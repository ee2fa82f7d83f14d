package io.hibenchdse.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RandomTextWriterTest {
  @TempDir File dir;

  private Configuration conf(long total, long perMap, long seed) {
    Configuration conf = TestData.localConf(dir);
    conf.setLong(RandomTextWriter.TOTAL_BYTES, total);
    conf.setLong(RandomTextWriter.BYTES_PER_MAP, perMap);
    conf.setLong(RandomTextWriter.SEED, seed);
    return conf;
  }

  private Path write(Configuration conf, String name) {
    Path out = new Path(dir.getAbsolutePath(), name);
    TestData.Outcome o = TestData.run(conf, "randomtextwriter", out.toString());
    assertEquals(0, o.status, o.toString());
    return out;
  }

  private static byte[] bytes(Path p) throws Exception {
    return Files.readAllBytes(new File(p.toUri()).toPath());
  }

  /** Raw key and value bytes of every record: SequenceFile's 16-byte sync marker is random by design. */
  private static List<String> rawRecords(Configuration conf, Path file) throws Exception {
    List<String> records = new java.util.ArrayList<>();
    for (Writable[] kv : TestData.readSequenceFile(conf, file)) {
      records.add(kv[0] + "\t" + kv[1]);
    }
    return records;
  }

  @Test
  void sameSeedAndSizesGiveByteIdenticalOutput() throws Exception {
    Configuration conf = conf(120_000, 40_000, 7);
    Path textA = new Path(dir.getAbsolutePath(), "ta");
    Path textB = new Path(dir.getAbsolutePath(), "tb");
    assertEquals(0, TestData.run(conf, "randomtextwriter", "-outFormat", "text", textA.toString()).status);
    assertEquals(0, TestData.run(conf, "randomtextwriter", "-outFormat", "text", textB.toString()).status);
    List<Path> ta = TestData.parts(conf, textA);
    List<Path> tb = TestData.parts(conf, textB);
    List<Path> a = TestData.parts(conf, write(conf, "a"));
    List<Path> b = TestData.parts(conf, write(conf, "b"));
    List<Path> c = TestData.parts(conf, write(conf(120_000, 40_000, 8), "c"));
    assertEquals(3, ta.size());
    assertEquals(3, a.size());
    for (int i = 0; i < a.size(); i++) {
      assertArrayEquals(bytes(ta.get(i)), bytes(tb.get(i)), "text part " + i);
      assertEquals(rawRecords(conf, a.get(i)), rawRecords(conf, b.get(i)), "sequence file part " + i);
      assertEquals(bytes(a.get(i)).length, bytes(b.get(i)).length);
      assertFalse(rawRecords(conf, a.get(i)).equals(rawRecords(conf, c.get(i))), "another seed, other text");
    }
    assertFalse(java.util.Arrays.equals(bytes(ta.get(0)), bytes(ta.get(1))), "maps must not repeat each other");
  }

  /** Consecutive seeds (the suite's fresh data sets) must not give shifted copies of one stream. */
  @Test
  void nearbySeedsAndMapsDrawUnrelatedWords() {
    List<String> words = RandomTextWriter.words();
    Text t = new Text();
    java.util.Map<String, List<String>> streams = new java.util.LinkedHashMap<>();
    for (long[] seedAndMap : new long[][] {{7, 0}, {8, 0}, {7, 1}, {9, 0}}) {
      RandomTextWriter.Sentences s = new RandomTextWriter.Sentences(seedAndMap[0], (int) seedAndMap[1]);
      s.sentence(2000, t);
      streams.put(seedAndMap[0] + "/" + seedAndMap[1], java.util.Arrays.asList(t.toString().split(" ")));
    }
    List<List<String>> all = new java.util.ArrayList<>(streams.values());
    for (int a = 0; a < all.size(); a++) {
      for (int b = a + 1; b < all.size(); b++) {
        java.util.Set<List<String>> grams = new HashSet<>();
        for (int i = 0; i + 3 <= all.get(a).size(); i++) {
          grams.add(all.get(a).subList(i, i + 3));
        }
        int shared = 0;
        for (int i = 0; i + 3 <= all.get(b).size(); i++) {
          shared += grams.contains(all.get(b).subList(i, i + 3)) ? 1 : 0;
        }
        // random 3-grams of a 1000-word list almost never repeat: a shifted stream shares ~all
        assertTrue(shared < 20, streams.keySet() + " pair " + a + "," + b + " shares " + shared + " 3-grams");
      }
    }
    assertEquals(1000, words.size());
  }

  @Test
  void eachMapWritesTheRequestedSizeWithinOneRecord() throws Exception {
    long perMap = 50_000;
    Configuration conf = conf(3 * perMap, perMap, 1);
    Path out = write(conf, "out");
    int longestWord = RandomTextWriter.words().stream().mapToInt(String::length).max().getAsInt();
    long longestRecord = (longestWord + 1L) * (10 - 1 + 100 - 1);
    long total = 0;
    long records = 0;
    List<Path> parts = TestData.parts(conf, out);
    assertEquals(3, parts.size());
    for (Path part : parts) {
      long bytes = 0;
      for (Writable[] kv : TestData.readSequenceFile(conf, part)) {
        bytes += ((Text) kv[0]).getLength() + ((Text) kv[1]).getLength();
        records++;
      }
      assertTrue(bytes >= perMap && bytes < perMap + longestRecord, part + " holds " + bytes + " bytes");
      total += bytes;
    }
    RunResult r = TestData.run(conf, "randomtextwriter", "-overwrite", out.toString()).result;
    String group = "org.apache.hadoop.examples.RandomTextWriter$Counters"; // the stock group, scripts read it
    assertEquals(total, r.counter(group, "BYTES_WRITTEN"));
    assertEquals(records, r.counter(group, "RECORDS_WRITTEN"));
  }

  @Test
  void recordsHaveTheStockShape() throws Exception {
    Configuration conf = conf(30_000, 30_000, 3);
    Set<String> words = new HashSet<>(RandomTextWriter.words());
    assertEquals(1000, words.size());
    for (Writable[] kv : TestData.readSequenceFiles(conf, write(conf, "out"))) {
      assertSentence(kv[0].toString(), 5, 9, words);
      assertSentence(kv[1].toString(), 10, 99, words);
    }
  }

  private static void assertSentence(String s, int min, int max, Set<String> words) {
    assertTrue(s.endsWith(" "), "every word is followed by a space: '" + s + "'");
    String[] tokens = s.split(" ");
    assertTrue(tokens.length >= min && tokens.length <= max, tokens.length + " words in '" + s + "'");
    for (String t : tokens) {
      assertTrue(words.contains(t), t);
    }
  }

  @Test
  void hibench22KeysSetTheSize() throws Exception {
    Configuration conf = TestData.localConf(dir);
    conf.setLong("test.randomtextwrite.bytes_per_map", 20_000);
    conf.setInt("test.randomtextwrite.maps_per_host", 2);
    Path out = new Path(dir.getAbsolutePath(), "out");
    TestData.Outcome o = TestData.run(conf, "randomtextwriter", "-outFormat", "text", out.toString());
    assertEquals(0, o.status, o.toString());
    assertEquals(2, TestData.parts(conf, out).size(), "maps_per_host x 1 local node");
    assertEquals("20000", o.result.configuration().get(RandomTextWriter.BYTES_PER_MAP));
    long written = o.result.counter(RandomTextWriter.COUNTER_GROUP, RandomTextWriter.BYTES_WRITTEN);
    assertTrue(written >= 40_000 && written < 40_000 + 2 * 2_000, written + " bytes for 2 x 20000");
    String firstLine = Files.readAllLines(new File(TestData.parts(conf, out).get(0).toUri()).toPath()).get(0);
    assertTrue(firstLine.contains(" \t"), "text output is key TAB value: " + firstLine);
  }
}
