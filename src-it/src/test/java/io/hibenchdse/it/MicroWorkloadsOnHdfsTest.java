package io.hibenchdse.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.core.RandomTextWriter;
import io.hibenchdse.core.TestData;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The micro workloads on a real HDFS (NameNode and two DataNodes in this JVM). */
class MicroWorkloadsOnHdfsTest extends EmbeddedHdfsTest {
  static final String TASK = "org.apache.hadoop.mapreduce.TaskCounter";

  @BeforeAll
  static void sizes() {
    conf.setLong(RandomTextWriter.TOTAL_BYTES, 400_000);
    conf.setLong(RandomTextWriter.BYTES_PER_MAP, 100_000);
  }

  @Test
  void wordCountOnHdfsEqualsAnIndependentCount() throws Exception {
    TestData.Outcome gen = TestData.run(conf, "randomtextwriter", "/wc/in");
    assertEquals(0, gen.status, gen.toString());
    assertTrue(gen.result.fileSystem().startsWith("hdfs://"), gen.result.fileSystem());
    assertEquals(3, gen.result.replication());
    assertEquals(4, TestData.parts(conf, new Path("/wc/in")).size());

    Map<String, Long> expected = new TreeMap<>();
    for (Writable[] kv : TestData.readSequenceFiles(conf, new Path("/wc/in"))) {
      TestData.countTokens(kv[1].toString(), expected);
    }
    TestData.Outcome wc = TestData.run(conf, "wordcount", "-D", "mapreduce.job.reduces=3", "/wc/in", "/wc/out");
    assertEquals(0, wc.status, wc.toString());
    assertEquals(expected, TestData.readTextCounts(conf, new Path("/wc/out")));
    assertEquals(expected.values().stream().mapToLong(Long::longValue).sum(),
        wc.result.counter(TASK, "MAP_OUTPUT_RECORDS"));
    assertEquals("3", wc.result.configuration().get("mapreduce.job.reduces"));
    assertEquals(hdfs.uri().toString(), wc.result.fileSystem());
  }

  @Test
  void sortOnHdfsIsGloballySortedAndKeepsEveryRecord() throws Exception {
    assertEquals(0, TestData.run(conf, "randomtextwriter", "/sort/in").status);
    TestData.Outcome sort = TestData.run(conf, "sort", "-r", "3", "-totalOrder", "0.5", "2000", "10",
        "/sort/in", "/sort/out");
    assertEquals(0, sort.status, sort.toString());
    List<Writable[]> out = TestData.readSequenceFiles(conf, new Path("/sort/out"));
    for (int i = 1; i < out.size(); i++) {
      assertTrue(((Text) out.get(i - 1)[0]).compareTo((Text) out.get(i)[0]) <= 0, "record " + i);
    }
    List<String> a = lines(TestData.readSequenceFiles(conf, new Path("/sort/in")));
    List<String> b = lines(out);
    a.sort(null);
    b.sort(null);
    assertEquals(a, b);
    assertTrue(!hdfs.cluster().getFileSystem().exists(new Path("/sort/.out.partitions")));
  }

  private static List<String> lines(List<Writable[]> kvs) {
    List<String> list = new ArrayList<>();
    for (Writable[] kv : kvs) {
      list.add(kv[0] + "\t" + kv[1]);
    }
    return list;
  }
}
