package io.hibenchdse.hive;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.core.RowRangeInputFormat;
import io.hibenchdse.core.TestData;
import java.io.File;
import java.nio.file.Files;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Writable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataGenTest {
  static final int PAGES = 300;
  static final int VISITS = 5000;
  static final int MAPS = 3;

  @TempDir File dir;

  private Configuration conf(long seed) {
    Configuration conf = TestData.localConf(dir);
    conf.setLong(DataGen.SEED, seed);
    return conf;
  }

  private TestData.Outcome generate(Configuration conf, String name, String format) {
    return TestData.run(HiveDataGenJar.DRIVER, conf, "HiBench.DataGen", "-t", "hive", "-b", dir.getAbsolutePath(),
        "-n", name, "-m", String.valueOf(MAPS), "-r", "2", "-p", String.valueOf(PAGES), "-v", String.valueOf(VISITS),
        "-o", format);
  }

  private Path table(String name, String table) {
    return new Path(new Path(dir.getAbsolutePath(), name), table);
  }

  private byte[] bytes(String name) throws Exception {
    List<byte[]> all = new ArrayList<>();
    try (Stream<java.nio.file.Path> files = Files.walk(dir.toPath().resolve(name))) {
      files.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().startsWith(".")).sorted()
          .forEach(p -> all.add(read(p)));
    }
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    for (byte[] b : all) {
      out.write(b, 0, b.length);
    }
    return out.toByteArray();
  }

  private static byte[] read(java.nio.file.Path p) {
    try {
      return Files.readAllBytes(p);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void sameSeedSameBytesOtherSeedOtherData() throws Exception {
    assertEquals(0, generate(conf(7), "a", "text").status);
    assertEquals(0, generate(conf(7), "b", "text").status);
    assertEquals(0, generate(conf(8), "c", "text").status);
    assertArrayEquals(bytes("a"), bytes("b"));
    assertFalse(java.util.Arrays.equals(bytes("a"), bytes("c")));
    // SequenceFiles carry a random sync marker; their records are the same
    assertEquals(0, generate(conf(7), "s1", "sequence").status);
    assertEquals(0, generate(conf(7), "s2", "sequence").status);
    for (String table : new String[] {DataGen.RANKINGS, DataGen.USERVISITS}) {
      assertEquals(records(table("s1", table)), records(table("s2", table)));
    }
  }

  private List<String> records(Path table) throws Exception {
    List<String> records = new ArrayList<>();
    for (Path part : TestData.parts(conf(0), table)) {
      for (Writable[] kv : TestData.readSequenceFile(conf(0), part)) {
        records.add(kv[0] + "\t" + kv[1]);
      }
    }
    return records;
  }

  @Test
  void tablesHoldWhatSpecSays() throws Exception {
    TestData.Outcome o = generate(conf(3), "seq", "sequence");
    assertEquals(0, o.status, o.toString());
    Configuration conf = conf(3);
    List<String[]> rankings = GeneratedTables.rows(conf, table("seq", "rankings"));
    List<String[]> visits = GeneratedTables.rows(conf, table("seq", "uservisits"));
    assertEquals(PAGES, rankings.size());
    assertEquals(VISITS, visits.size());

    // pageRank is the in-link count the job generated: count the same links here, without MapReduce
    WebGraph graph = new WebGraph(3, PAGES);
    Map<String, Long> inLinks = new HashMap<>();
    long links = 0;
    for (int map = 0; map < MAPS; map++) {
      long[] share = RowRangeInputFormat.range(PAGES, MAPS, map);
      WebGraph.Links l = graph.links(map);
      for (long p = share[0]; p < share[0] + share[1]; p++) {
        int n = l.of(p);
        for (int i = 0; i < n; i++) {
          org.apache.hadoop.io.Text url = new org.apache.hadoop.io.Text();
          graph.appendUrl(l.targets()[i], url);
          inLinks.merge(url.toString(), 1L, Long::sum);
        }
        links += n;
      }
    }
    assertEquals(links, o.result.counter(DataGen.Counters.class.getName(), "LINKS"));
    Set<String> urls = new HashSet<>();
    for (String[] r : rankings) {
      assertEquals(3, r.length);
      assertTrue(r[0].matches("[a-z]{10,100}"), r[0]);
      assertTrue(urls.add(r[0]), "URL twice in rankings: " + r[0]);
      assertEquals(inLinks.get(r[0]), Long.valueOf(r[1]), r[0]);
      int avgDuration = Integer.parseInt(r[2]);
      assertTrue(avgDuration >= 1 && avgDuration <= 99, r[2]);
    }
    assertEquals(urls, inLinks.keySet());

    Set<String> countries = new HashSet<>();
    for (String[] v : visits) {
      assertEquals(9, v.length, String.join(",", v));
      String[] ip = v[0].split("\\.");
      assertEquals(4, ip.length);
      assertBetween(ip[0], 1, 254);
      assertBetween(ip[1], 0, 254);
      assertBetween(ip[2], 0, 254);
      assertBetween(ip[3], 1, 254);
      assertTrue(urls.contains(v[1]), "destURL not in rankings: " + v[1]);
      LocalDate d = LocalDate.parse(v[2]);
      assertFalse(d.isBefore(UserVisits.FIRST_DAY) || d.isAfter(UserVisits.LAST_DAY), v[2]);
      double revenue = Double.parseDouble(v[3]);
      assertTrue(revenue >= 0 && revenue < 1, v[3]);
      assertFalse(v[4].isEmpty());
      assertTrue(v[5].matches("[A-Z]{3}"), v[5]);
      assertTrue(v[6].matches("[a-z]{2}-[A-Z]{2}"), v[6]);
      assertFalse(v[7].isEmpty());
      assertBetween(v[8], 1, 10);
      countries.add(v[5]);
    }
    assertTrue(countries.size() > 100, "countries drawn: " + countries.size());

    // SequenceFile keys are the page ids, as HiBench writes them
    for (Writable[] kv : TestData.readSequenceFiles(conf, table("seq", "rankings"))) {
      assertTrue(((LongWritable) kv[0]).get() < PAGES);
    }
  }

  private static void assertBetween(String value, int min, int max) {
    int n = Integer.parseInt(value);
    assertTrue(n >= min && n <= max, value + " not in " + min + ".." + max);
  }

  @Test
  void textAndSequenceHoldTheSameRows() throws Exception {
    assertEquals(0, generate(conf(5), "seq", "sequence").status);
    assertEquals(0, generate(conf(5), "txt", "text").status);
    Configuration conf = conf(5);
    for (String table : new String[] {DataGen.RANKINGS, DataGen.USERVISITS}) {
      List<String> seq = GeneratedTables.lines(conf, table("seq", table));
      List<String> txt = GeneratedTables.lines(conf, table("txt", table));
      assertEquals(seq, txt, table);
      assertNotEquals(Collections.emptyList(), seq);
    }
  }

  @Test
  void badInputIsOneLineAndExitTwo() throws Exception {
    Configuration conf = conf(1);
    String base = dir.getAbsolutePath();
    String[][] bad = {
      {"-t", "hive", "-b", base, "-n", "x", "-p", "0", "-v", "10"},
      {"-t", "hive", "-b", base, "-n", "x", "-p", "10", "-v", "0"},
      {"-t", "pagerank", "-b", base, "-n", "x", "-p", "10", "-v", "10"},
      {"-t", "hive", "-n", "x", "-p", "10", "-v", "10"},
      {"-t", "hive", "-b", base, "-n", "x", "-p", "10", "-v", "10", "-o", "orc"},
      {"-t", "hive", "-b", base, "-n", "x", "-p", "10", "-v", "10", "-c", "no.such.Codec"},
    };
    for (String[] args : bad) {
      String[] all = new String[args.length + 1];
      all[0] = "HiBench.DataGen";
      System.arraycopy(args, 0, all, 1, args.length);
      TestData.Outcome o = TestData.run(HiveDataGenJar.DRIVER, conf, all);
      assertEquals(2, o.status, String.join(" ", args) + ": " + o);
      assertEquals(1, o.errLines.size(), o.toString());
    }
    assertFalse(new File(dir, "x").exists());

    assertEquals(0, generate(conf, "kept", "text").status);
    TestData.Outcome again = generate(conf, "kept", "text");
    assertEquals(2, again.status);
    assertTrue(again.errLines.get(0).contains("-overwrite"), again.toString());
  }
}
