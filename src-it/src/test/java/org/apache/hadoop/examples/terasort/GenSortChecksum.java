package org.apache.hadoop.examples.terasort;

import java.io.IOException;
import java.io.OutputStream;

/**
 * TeraGen's checksum computed by Hadoop's own GenSort, without a file system: the ground truth
 * HSGen's recorded checksum is checked against. In this package because GenSort takes its
 * package-private Unsigned16.
 */
public final class GenSortChecksum {
  private GenSortChecksum() {}

  /** The sum of the CRC32 of records 0 .. rows-1, low 64 bits, hex (as TeraGen's CHECKSUM counter and HSGen print it). */
  public static String of(long rows) throws IOException {
    Unsigned16 sum = new Unsigned16();
    GenSort.outputRecords(OutputStream.nullOutputStream(), false, new Unsigned16(0), new Unsigned16(rows), sum);
    return Long.toUnsignedString(sum.getLow8(), 16);
  }
}
