package io.hibenchdse.cfs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.StreamCapabilities;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.io.IOUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** Bytes in equal bytes out at every size edge; what a reader, a lister and the scheduler see. */
class RoundTripTest {
  private static FileSystem fs;
  private static final Path DIR = new Path("/roundtrip");

  @BeforeAll
  static void connect() throws IOException {
    fs = FileSystem.newInstance(CfsTestNode.uri(), CfsTestNode.conf());
    fs.delete(DIR, true);
  }

  @AfterAll
  static void disconnect() throws IOException {
    fs.close();
  }

  static byte[] random(int n, long seed) {
    byte[] b = new byte[n];
    new Random(seed).nextBytes(b);
    return b;
  }

  static void write(FileSystem fs, Path p, byte[] data) throws IOException {
    try (FSDataOutputStream out = fs.create(p, false)) {
      // Odd-sized writes, so that no write lines up with a sub-block.
      for (int off = 0; off < data.length; off += 7_777) {
        out.write(data, off, Math.min(7_777, data.length - off));
      }
    }
  }

  static byte[] read(FileSystem fs, Path p) throws IOException {
    try (FSDataInputStream in = fs.open(p)) {
      byte[] b = new byte[(int) fs.getFileStatus(p).getLen()];
      IOUtils.readFully(in, b, 0, b.length);
      assertEquals(-1, in.read(), "bytes past the end of " + p);
      return b;
    }
  }

  /**
   * Hadoop's FileSystem.create(fs, file, permission), which YARN's job submission uses for the
   * split files, sets the permission while the file is still being written.
   */
  @Test
  void attributesSetWhileWritingAreWrittenWithTheFile() throws IOException {
    Path p = new Path(DIR, "job.split");
    FsPermission perm = new FsPermission((short) 0644);
    try (FSDataOutputStream out = FileSystem.create(fs, p, perm)) {
      fs.setOwner(p, "yarn", "hadoop");
      assertFalse(fs.setReplication(p, (short) 10), "the keyspace's replication, as for any file");
      out.write(random(1000, 7));
    }
    FileStatus st = fs.getFileStatus(p);
    assertEquals(perm, st.getPermission());
    assertEquals("yarn", st.getOwner());
    assertEquals("hadoop", st.getGroup());
    assertArrayEquals(random(1000, 7), read(fs, p));
    assertThrows(FileNotFoundException.class, () -> fs.setPermission(new Path(DIR, "never-created"), perm));
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, CfsTestNode.SUB_BLOCK - 1, CfsTestNode.SUB_BLOCK, CfsTestNode.SUB_BLOCK + 1,
      CfsTestNode.BLOCK, CfsTestNode.BLOCK + 1, 3 * CfsTestNode.BLOCK + 12_345})
  void bytesReadEqualBytesWritten(int size) throws IOException {
    Path p = new Path(DIR, "size-" + size);
    byte[] data = random(size, size);
    write(fs, p, data);
    FileStatus st = fs.getFileStatus(p);
    assertEquals(size, st.getLen());
    assertTrue(st.isFile());
    assertEquals(CfsTestNode.BLOCK, st.getBlockSize());
    assertArrayEquals(data, read(fs, p));
    BlockLocation[] blocks = fs.getFileBlockLocations(st, 0, size);
    assertEquals((size + CfsTestNode.BLOCK - 1) / CfsTestNode.BLOCK, blocks.length);
    long covered = 0;
    for (BlockLocation b : blocks) {
      assertEquals(covered, b.getOffset());
      covered += b.getLength();
      assertEquals(1, b.getHosts().length, "one replica on the one node");
    }
    assertEquals(size, covered);
  }

  @Test
  void namesWithSpacesAndNonAsciiCharacters() throws IOException {
    Path dir = new Path(DIR, "dossier à part");
    Path p = new Path(dir, "naïve résumé 日本語 ü.txt");
    byte[] data = random(1000, 3);
    write(fs, p, data);
    assertArrayEquals(data, read(fs, p));
    FileStatus[] listed = fs.listStatus(dir);
    assertEquals(1, listed.length);
    assertEquals(p.getName(), listed[0].getPath().getName());
  }

  @Test
  void seeksLandOnTheRightByte() throws IOException {
    Path p = new Path(DIR, "seek");
    byte[] data = random(2 * CfsTestNode.BLOCK + 99, 11);
    write(fs, p, data);
    Random r = new Random(5);
    try (FSDataInputStream in = fs.open(p)) {
      for (int i = 0; i < 200; i++) {
        int at = r.nextInt(data.length);
        in.seek(at);
        byte[] got = new byte[Math.min(1 + r.nextInt(3 * CfsTestNode.SUB_BLOCK), data.length - at)];
        in.readFully(got);
        assertArrayEquals(Arrays.copyOfRange(data, at, at + got.length), got, "at " + at);
        byte[] positioned = new byte[Math.min(100, data.length - at)];
        in.readFully(at, positioned);
        assertArrayEquals(Arrays.copyOfRange(data, at, at + positioned.length), positioned);
      }
    }
  }

  @Test
  void aFileIsInvisibleUntilClosedAndAppendIsRefused() throws IOException {
    Path p = new Path(DIR, "late");
    FSDataOutputStream out = fs.create(p);
    out.write(random(3 * CfsTestNode.SUB_BLOCK, 1));
    assertFalse(fs.exists(p));
    out.close();
    assertTrue(fs.exists(p));
    UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, () -> fs.append(p));
    assertTrue(e.getMessage().contains("append is not supported"), e.getMessage());
  }

  @Test
  void hflushAndHsyncAreNotDeclaredAndMakeNothingVisible() throws IOException {
    Path p = new Path(DIR, "sync");
    try (FSDataOutputStream out = fs.create(p)) {
      assertFalse(out.hasCapability(StreamCapabilities.HFLUSH));
      assertFalse(out.hasCapability(StreamCapabilities.HSYNC));
      out.write(1);
      out.hflush();
      out.hsync();
      assertFalse(fs.exists(p), "visible before close");
    }
    assertEquals(1, fs.getFileStatus(p).getLen());
  }

  @Test
  void hflushAndHsyncThrowWhenStrict() throws IOException {
    Configuration strict = new Configuration(fs.getConf());
    strict.setBoolean(CfsConfigKeys.STRICT_SYNCABLE.key(), true);
    try (FileSystem sfs = FileSystem.newInstance(CfsTestNode.uri(), strict);
        FSDataOutputStream out = sfs.create(new Path(DIR, "sync-strict"))) {
      out.write(1);
      assertThrows(UnsupportedOperationException.class, out::hflush);
      assertThrows(UnsupportedOperationException.class, out::hsync);
    }
  }

  @Test
  void closingAnOverwriteKeepsTheBlocksOfAFileRenamedAwayMeanwhile() throws IOException {
    Path a = new Path(DIR, "race-a");
    Path b = new Path(DIR, "race-b");
    byte[] first = random(CfsTestNode.BLOCK + 5, 21);
    write(fs, a, first);
    FSDataOutputStream replacing = fs.create(a, true);
    replacing.write(random(100, 22));
    assertTrue(fs.rename(a, b));
    replacing.close();
    assertArrayEquals(first, read(fs, b), "the renamed file lost its blocks");
    assertEquals(100, fs.getFileStatus(a).getLen());
  }

  @Test
  void ofTwoExclusiveCreatesOfOnePathTheSecondCloseFails() throws IOException {
    Path p = new Path(DIR, "exclusive");
    FSDataOutputStream one = fs.create(p, false);
    FSDataOutputStream two = fs.create(p, false);
    byte[] data = random(CfsTestNode.SUB_BLOCK * 2, 23);
    one.write(data);
    two.write(random(10, 24));
    one.close();
    IOException e = assertThrows(IOException.class, two::close);
    assertTrue(e.getMessage().contains("was created by another writer meanwhile"), e.getMessage());
    assertArrayEquals(data, read(fs, p));
  }

  @Test
  void permissionsAndOwnersAreKept() throws IOException {
    Path p = new Path(DIR, "perm");
    write(fs, p, random(10, 1));
    fs.setPermission(p, new FsPermission((short) 0640));
    fs.setOwner(p, "alice", "analysts");
    FileStatus st = fs.getFileStatus(p);
    assertEquals((short) 0640, st.getPermission().toShort());
    assertEquals("alice", st.getOwner());
    assertEquals("analysts", st.getGroup());
  }

  @Test
  void statisticsCountBytesAndOperations() throws IOException {
    Path p = new Path(DIR, "stats");
    FileSystem.Statistics stats = FileSystem.getStatistics(CassandraFileSystem.SCHEME, CassandraFileSystem.class);
    long written = stats.getBytesWritten();
    long read = stats.getBytesRead();
    write(fs, p, random(100_000, 2));
    read(fs, p);
    assertEquals(100_000, stats.getBytesWritten() - written);
    assertEquals(100_000, stats.getBytesRead() - read);
  }

  @Test
  void missingPathsAreReportedAsMissing() {
    assertThrows(FileNotFoundException.class, () -> fs.getFileStatus(new Path(DIR, "nothing")));
    assertThrows(FileNotFoundException.class, () -> fs.open(new Path(DIR, "nothing")));
  }
}
