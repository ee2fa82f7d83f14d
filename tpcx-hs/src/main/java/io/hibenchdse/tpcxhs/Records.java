package io.hibenchdse.tpcxhs;

import io.hibenchdse.core.InputFiles;
import java.io.IOException;
import java.util.List;
import java.util.zip.CRC32;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

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
  public static void replicate(Configuration conf, Path dir,
      short replication) throws IOException {
    FileSystem fs = dir.getFileSystem(conf);
    for (FileStatus f : fs.listStatus(dir)) {
      if (f.isFile() && f.getReplication() != replication) {
        fs.setReplication(f.getPath(), replication);
      }
    }
  }

  /**
   * The data files of {@code inputs}, refused when one is not whole records: a cut file would fail
   * later, in the sampler or a task, without its name.
   */
  public static List<FileStatus> wholeFiles(Configuration conf,
      List<Path> inputs) throws IOException {
    List<FileStatus> files = InputFiles.of(conf, inputs);
    for (FileStatus f : files) {
      if (f.getLen() % LENGTH != 0) {
        throw new IOException(f.getPath() + " holds " + f.getLen() + " bytes, not whole "
            + LENGTH + "-byte records: it was cut or is not TPCx-HS data");
      }
    }
    return files;
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
