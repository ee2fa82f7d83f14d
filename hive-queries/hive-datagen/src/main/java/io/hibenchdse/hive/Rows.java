package io.hibenchdse.hive;

import java.nio.charset.StandardCharsets;
import org.apache.hadoop.io.Text;

/** Appends delimited fields to a row without building strings: the generator writes gigabytes. */
final class Rows {
  private static final byte[] DIGITS = "0123456789".getBytes(StandardCharsets.US_ASCII);
  /** 0..255 ready encoded: IP octets and durations are most of the numbers written. */
  private static final byte[][] SMALL = new byte[256][];

  static {
    for (int i = 0; i < SMALL.length; i++) {
      SMALL[i] = Integer.toString(i).getBytes(StandardCharsets.US_ASCII);
    }
  }

  private Rows() {}

  static void append(Text row, byte[] bytes) {
    row.append(bytes, 0, bytes.length);
  }

  static void append(Text row, String ascii) {
    append(row, ascii.getBytes(StandardCharsets.UTF_8));
  }

  /** Appends a non-negative number in decimal. */
  static void append(Text row, long n) {
    if (n < SMALL.length) {
      append(row, SMALL[(int) n]);
      return;
    }
    byte[] buf = new byte[20];
    int pos = buf.length;
    do {
      buf[--pos] = DIGITS[(int) (n % 10)];
      n /= 10;
    } while (n > 0);
    row.append(buf, pos, buf.length - pos);
  }
}
