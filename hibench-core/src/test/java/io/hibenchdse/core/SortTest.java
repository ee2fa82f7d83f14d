package io.hibenchdse.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SortTest {
  @TempDir File dir;

  private Path input(Configuration conf) {
    conf.setLong(RandomTextWriter.TOTAL_BYTES, 200_000);
    conf.setLong(RandomTextWriter.BYTES_PER_MAP, 50_000);
    Path in = new Path(dir.getAbsolutePath(), "in");
    assertEquals(0, TestData.run(conf, "randomtextwriter", in.toString()).status);
    return in;
  }

  private static List<String> records(List<Writable[]> kvs) {
    List<String> list = new ArrayList<>();
    for (Writable[] kv : kvs) {
      list.add(kv[0] + "\t" + kv[1]);
    }
    return list;
  }

  private static void assertSortedByKey(List<Writable[]> kvs, String where) {
    for (int i = 1; i < kvs.size(); i++) {
      assertTrue(((Text) kvs.get(i - 1)[0]).compareTo((Text) kvs.get(i)[0]) <= 0,
          where + ": record " + i + " is out of order");
    }
  }

  @Test
  void totalOrderOutputIsGloballySortedWithTheInputRecords() throws Exception {
    Configuration conf = TestData.localConf(dir);
    Path in = input(conf);
    Path out = new Path(dir.getAbsolutePath(), "sorted");
    TestData.Outcome o = TestData.run(conf, "sort", "-r", "3", "-totalOrder", "0.5", "1000", "10",
        in.toString(), out.toString());
    assertEquals(0, o.status, o.toString());
    assertEquals(3, TestData.parts(conf, out).size());
    List<Writable[]> sorted = TestData.readSequenceFiles(conf, out);
    assertSortedByKey(sorted, "whole output");
    List<String> expected = records(TestData.readSequenceFiles(conf, in));
    List<String> actual = records(sorted);
    assertEquals(expected.size(), actual.size());
    expected.sort(null);
    actual.sort(null);
    assertEquals(expected, actual);
    assertEquals(0, new File(dir, ".sorted.partitions").length(), "partition file is removed");
    assertTrue(!new File(dir, ".sorted.partitions").exists());
  }

  @Test
  void hashPartitionedOutputIsSortedPerReducer() throws Exception {
    Configuration conf = TestData.localConf(dir);
    Path in = input(conf);
    Path out = new Path(dir.getAbsolutePath(), "sorted");
    TestData.Outcome o = TestData.run(conf, "sort", "-r", "2", in.toString(), out.toString());
    assertEquals(0, o.status, o.toString());
    List<String> all = new ArrayList<>();
    for (Path part : TestData.parts(conf, out)) {
      List<Writable[]> kvs = TestData.readSequenceFile(conf, part);
      assertSortedByKey(kvs, part.getName());
      all.addAll(records(kvs));
    }
    List<String> expected = records(TestData.readSequenceFiles(conf, in));
    expected.sort(null);
    all.sort(null);
    assertEquals(expected, all);
    assertEquals(in.getFileSystem(conf).getContentSummary(in).getLength(), o.result.inputBytes());
    assertEquals(2L, ((Number) o.result.parameters().get("r")).longValue());
  }
}
