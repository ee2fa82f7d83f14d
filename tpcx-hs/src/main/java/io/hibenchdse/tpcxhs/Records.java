package io.hibenchdse.tpcxhs;

import io.hibenchdse.core.InputFiles;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
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
  /**
   * HSGen's row count and checksum, left beside its data and carried by HSSort to its output, so
   * HSValidate can check them in the kit's flow, which passes none; input formats skip the name.
   */
  public static final String SUMMARY = "_checksum";

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

  /** A data set's row count and checksum as HSGen made it, in HSValidate's report format. */
  public static final class Summary {
    public final long rows;
    /** Hex, as HSGen's metric and HSValidate's report give it. */
    public final String checksum;
    /** Where it was read from; null for one not yet written. */
    public final Path file;

    public Summary(long rows, String checksum) {
      this(rows, checksum, null);
    }

    private Summary(long rows, String checksum, Path file) {
      this.rows = rows;
      this.checksum = checksum;
      this.file = file;
    }
  }

  public static void writeSummary(Configuration conf, Path dir, Summary s) throws IOException {
    Path file = new Path(dir, SUMMARY);
    try (Writer w = new OutputStreamWriter(file.getFileSystem(conf).create(file, true), StandardCharsets.UTF_8)) {
      w.write("records\t" + s.rows + "\nchecksum\t" + s.checksum + "\n");
    }
  }

  /** The summary beside the data of {@code dir}, or null when there is none (data not from HSGen). */
  public static Summary readSummary(Configuration conf, Path dir) throws IOException {
    Path file = new Path(dir, SUMMARY);
    FileSystem fs = file.getFileSystem(conf);
    if (!fs.exists(file)) {
      return null;
    }
    file = fs.makeQualified(file);
    Long rows = null;
    String checksum = null;
    try (BufferedReader r = new BufferedReader(new InputStreamReader(fs.open(file), StandardCharsets.UTF_8))) {
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        String[] kv = line.split("\t", 2);
        if (kv.length == 2 && kv[0].equals("records") && kv[1].matches("[0-9]{1,18}")) {
          rows = Long.parseLong(kv[1]);
        } else if (kv.length == 2 && kv[0].equals("checksum") && kv[1].matches("[0-9a-f]{1,16}")) {
          checksum = kv[1];
        }
      }
    }
    if (rows == null || checksum == null) {
      throw new IOException(file + " is not HSGen's summary (a records and a checksum line): remove it or generate the data again");
    }
    return new Summary(rows, checksum, file);
  }

  /** Copies the summary of {@code from}, if any, to {@code to}: HSSort's output holds HSGen's records. */
  public static void carrySummary(Configuration conf, Path from, Path to) throws IOException {
    Summary s = readSummary(conf, from);
    if (s != null) {
      writeSummary(conf, to, s);
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
