package io.hibenchdse.tpcxhs;

import java.util.zip.CRC32;

/** TeraGen's records: 100 bytes, a 10-byte key and a 90-byte value, no separators. */
public final class Records {
  public static final int KEY = 10;
  public static final int LENGTH = 100;

  private Records() {}

  /**
   * The share of the record at {@code offset} in the data set checksum: its CRC32. The checksum is
   * the sum over all records, mod 2^64 (TeraGen's CHECKSUM counter, the low 8 bytes of
   * TeraValidate's sum).
   */
  public static long crc(byte[] records, int offset, CRC32 crc) {
    crc.reset();
    crc.update(records, offset, LENGTH);
    return crc.getValue();
  }

  /**
   * Sets the replication of the data files under {@code dir} to {@code replication} where the
   * writer did not: a job conf's dfs.replication is lost when the task reuses a cached HDFS client
   * (the local job runner does); on a cluster the files already have it and this changes nothing.
   */
  public static void replicate(org.apache.hadoop.conf.Configuration conf, org.apache.hadoop.fs.Path dir,
      short replication) throws java.io.IOException {
    org.apache.hadoop.fs.FileSystem fs = dir.getFileSystem(conf);
    for (org.apache.hadoop.fs.FileStatus f : fs.listStatus(dir)) {
      if (f.isFile() && f.getReplication() != replication) {
        fs.setReplication(f.getPath(), replication);
      }
    }
  }

  /** Hex of the key at {@code offset}, for messages that name an offending record. */
  public static String hex(byte[] bytes, int offset) {
    StringBuilder b = new StringBuilder(2 * KEY);
    for (int i = offset; i < offset + KEY; i++) {
      b.append(String.format("%02x", bytes[i] & 0xff));
    }
    return b.toString();
  }
}
