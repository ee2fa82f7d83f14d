package io.hibenchdse.cfs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/** Eight clients writing and reading at once, in directories of their own and in a shared one. */
class ConcurrentClientsTest {
  private static final int CLIENTS = 8;
  private static final int FILES = 6;

  @Test
  void nothingIsLostOrMixed() throws Exception {
    FileSystem fs = FileSystem.newInstance(CfsTestNode.uri(), CfsTestNode.conf());
    Path root = new Path("/concurrent");
    fs.delete(root, true);
    ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
    List<Future<?>> clients = new ArrayList<>();
    for (int c = 0; c < CLIENTS; c++) {
      final int client = c;
      clients.add(pool.submit(() -> {
        for (int f = 0; f < FILES; f++) {
          int size = (client * FILES + f) * 9_973 % (2 * CfsTestNode.BLOCK);
          byte[] data = RoundTripTest.random(size, client * 1000L + f);
          Path own = new Path(root, "client-" + client + "/f" + f);
          Path shared = new Path(root, "shared/c" + client + "-f" + f);
          RoundTripTest.write(fs, own, data);
          RoundTripTest.write(fs, shared, data);
          assertArrayEquals(data, RoundTripTest.read(fs, own));
          assertArrayEquals(data, RoundTripTest.read(fs, shared));
        }
        return null;
      }));
    }
    for (Future<?> f : clients) {
      f.get();
    }
    pool.shutdown();
    FileStatus[] shared = fs.listStatus(new Path(root, "shared"));
    assertEquals(CLIENTS * FILES, shared.length);
    TreeSet<String> names = new TreeSet<>();
    for (FileStatus st : shared) {
      names.add(st.getPath().getName());
    }
    for (int c = 0; c < CLIENTS; c++) {
      for (int f = 0; f < FILES; f++) {
        byte[] expected = RoundTripTest.random((c * FILES + f) * 9_973 % (2 * CfsTestNode.BLOCK), c * 1000L + f);
        assertArrayEquals(expected, RoundTripTest.read(fs, new Path(root, "shared/c" + c + "-f" + f)));
        assertEquals(FILES, fs.listStatus(new Path(root, "client-" + c)).length);
      }
    }
    assertEquals(CLIENTS * FILES, names.size());
    fs.close();
  }
}
