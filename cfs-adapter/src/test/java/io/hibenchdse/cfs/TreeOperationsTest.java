package io.hibenchdse.cfs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/**
 * Renaming a directory moves every entry below it and no data; deleting it recursively leaves no
 * row and no sub-block behind. In a keyspace of its own, so the whole keyspace can be counted.
 */
class TreeOperationsTest {
  @Test
  void renameMovesTheTreeAndRecursiveDeleteLeavesNothing() throws Exception {
    Configuration conf = CfsTestNode.conf();
    conf.set(CfsConfigKeys.KEYSPACE.key(), "tree");
    FileSystem fs = FileSystem.newInstance(CfsTestNode.uri(), conf);
    fs.delete(new Path("/t"), true);
    Map<String, byte[]> files = new LinkedHashMap<>();
    files.put("a/b/one", RoundTripTest.random(2 * CfsTestNode.BLOCK + 3, 1));
    files.put("a/two", RoundTripTest.random(CfsTestNode.SUB_BLOCK, 2));
    files.put("a/b/c/d/three", RoundTripTest.random(0, 3));
    files.put("e/four", RoundTripTest.random(77, 4));
    for (Map.Entry<String, byte[]> f : files.entrySet()) {
      RoundTripTest.write(fs, new Path("/t/" + f.getKey()), f.getValue());
    }
    long blocksBefore;
    try (CfsStore store = new CfsStore(CfsTestNode.uri(), conf)) {
      blocksBefore = KeyspaceScan.run(store, 0).storedSubBlocks.size();
    }

    assertTrue(fs.rename(new Path("/t/a"), new Path("/t/z")));
    assertFalse(fs.exists(new Path("/t/a")));
    assertFalse(fs.exists(new Path("/t/a/b/one")));
    for (Map.Entry<String, byte[]> f : files.entrySet()) {
      String moved = "/t/" + f.getKey().replaceFirst("^a/", "z/");
      assertArrayEquals(f.getValue(), RoundTripTest.read(fs, new Path(moved)), moved);
    }
    try (CfsStore store = new CfsStore(CfsTestNode.uri(), conf)) {
      KeyspaceScan scan = KeyspaceScan.run(store, 0);
      assertEquals(blocksBefore, scan.storedSubBlocks.size(), "a rename moves rows, not data");
      assertTrue(scan.clean(), "no detached entry or orphan after a rename");
      assertEquals(4, scan.files);
    }

    assertTrue(fs.delete(new Path("/t"), true));
    assertFalse(fs.exists(new Path("/t")));
    try (CfsStore store = new CfsStore(CfsTestNode.uri(), conf)) {
      KeyspaceScan scan = KeyspaceScan.run(store, 0);
      assertEquals(0, scan.files);
      assertEquals(0, scan.directories);
      assertEquals(0, scan.storedSubBlocks.size(), "sub-blocks left behind");
      assertEquals(0, scan.pending.size());
      assertTrue(scan.clean());
      assertEquals(0, store.list("/t/z/b").size(), "listings of deleted directories are gone");
    }
    fs.close();
  }
}
