package io.hibenchdse.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.core.Formats;
import io.hibenchdse.core.TestData;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Writable;

/**
 * Reads HiveBench tables back as rows of fields, SequenceFile or text, without Hive, and checks a
 * query's result against the query computed here.
 */
public final class GeneratedTables {
  private GeneratedTables() {}

  /** The rows of a table directory, file by file, each split at the commas. */
  public static List<String[]> rows(Configuration conf, Path table) throws IOException {
    List<String[]> rows = new ArrayList<>();
    for (String line : lines(conf, table)) {
      rows.add(line.split(",", -1));
    }
    return rows;
  }

  /**
   * Asserts that the table directory {@code result} holds HiveBench's aggregation of the tables under
   * {@code input}, whichever engine ran it: each source IP once, with its revenue summed here
   * (within rounding: engines add in different orders). Returns its row count.
   */
  public static int assertAggregation(Configuration conf, Path input, Path result) throws IOException {
    Map<String, Double> expected = revenueBySourceIp(conf, input);
    Map<String, Double> actual = new TreeMap<>();
    for (String[] r : rows(conf, result)) {
      assertNull(actual.put(r[0], Double.parseDouble(r[1])), "source IP twice: " + r[0]);
    }
    assertEquals(expected.keySet(), actual.keySet());
    expected.forEach((ip, sum) -> assertEquals(sum, actual.get(ip), 1e-9 * Math.max(1, sum), ip));
    return expected.size();
  }

  /**
   * Asserts that the table directory {@code result} holds HiveBench's join of the tables under
   * {@code input}, whichever engine ran it: a row per source IP with its mean pageRank and revenue
   * as computed here, the largest revenue first. Returns its row count.
   */
  public static int assertJoin(Configuration conf, Path input, Path result) throws IOException {
    Map<String, double[]> expected = joinBySourceIp(conf, input);
    List<String[]> actual = rows(conf, result);
    assertFalse(expected.isEmpty());
    assertEquals(expected.size(), actual.size());
    for (int i = 0; i < actual.size(); i++) {
      // descending revenue; two sums equal but for the order of their additions may come either way
      if (i > 0) {
        double previous = Double.parseDouble(actual.get(i - 1)[2]);
        assertTrue(Double.parseDouble(actual.get(i)[2]) <= previous + 1e-9 * Math.max(1, previous),
            "rows are not in descending revenue at " + i + ": " + actual.get(i - 1)[2] + " then " + actual.get(i)[2]);
      }
      String[] r = actual.get(i);
      double[] e = expected.get(r[0]);
      assertNotNull(e, "a source IP the join does not give: " + r[0]);
      assertEquals(e[0], Double.parseDouble(r[1]), 1e-9, r[0] + " avgPageRank");
      assertEquals(e[1], Double.parseDouble(r[2]), 1e-9, r[0] + " totalRevenue");
    }
    return expected.size();
  }

  /** HiveBench's aggregation over the tables under {@code input}, computed here: ad revenue summed per source IP. */
  private static Map<String, Double> revenueBySourceIp(Configuration conf, Path input) throws IOException {
    Map<String, Double> sums = new TreeMap<>();
    for (String[] v : rows(conf, new Path(input, DataGen.USERVISITS))) {
      sums.merge(v[0], Double.parseDouble(v[3]), Double::sum);
    }
    return sums;
  }

  /**
   * HiveBench's join over the tables under {@code input}, computed here: per source IP with a visit
   * in 1999 (to 2000-01-01) to a ranked page, the visited pages' mean pageRank and the visits' revenue.
   */
  private static Map<String, double[]> joinBySourceIp(Configuration conf, Path input) throws IOException {
    Map<String, Integer> pageRank = new HashMap<>();
    for (String[] r : rows(conf, new Path(input, DataGen.RANKINGS))) {
      pageRank.put(r[0], Integer.parseInt(r[1]));
    }
    Map<String, double[]> sums = new HashMap<>(); // sourceIP -> {rank sum, visits, revenue}
    for (String[] v : rows(conf, new Path(input, DataGen.USERVISITS))) {
      Integer rank = pageRank.get(v[1]);
      if (rank != null && v[2].compareTo("1999-01-01") >= 0 && v[2].compareTo("2000-01-01") <= 0) {
        double[] e = sums.computeIfAbsent(v[0], k -> new double[3]);
        e[0] += rank;
        e[1]++;
        e[2] += Double.parseDouble(v[3]);
      }
    }
    Map<String, double[]> join = new TreeMap<>();
    sums.forEach((ip, e) -> join.put(ip, new double[] {e[0] / e[1], e[2]}));
    return join;
  }

  /** The rows of a table directory as they are stored: SequenceFile values, or text lines. */
  public static List<String> lines(Configuration conf, Path table) throws IOException {
    FileSystem fs = table.getFileSystem(conf);
    List<String> lines = new ArrayList<>();
    FileStatus[] files = fs.listStatus(table, p -> !p.getName().startsWith("_") && !p.getName().startsWith("."));
    java.util.Arrays.sort(files);
    for (FileStatus f : files) {
      if (f.getLen() > 0 && Formats.isSequenceFile(conf, f.getPath())) {
        for (Writable[] kv : TestData.readSequenceFile(conf, f.getPath())) {
          lines.add(kv[1].toString());
        }
      } else {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(fs.open(f.getPath()), StandardCharsets.UTF_8))) {
          for (String line = r.readLine(); line != null; line = r.readLine()) {
            lines.add(line);
          }
        }
      }
    }
    return lines;
  }
}
