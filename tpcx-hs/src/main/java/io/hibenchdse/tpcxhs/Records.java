package io.hibenchdse.tpcxhs;

import java.util.zip.CRC32;

/** TeraGen's records: 100 bytes, a 10-byte key and a 90-byte value, no separators. */
public final class Records {
  public static final int KEY = 10;
  public static final int LENGTH = 100;

  private Records() {}

  /**
   * A record's share of the data set checksum: its CRC32. The checksum is the sum over all
   * records, mod 2^64 (TeraGen's CHECKSUM counter, the low 8 bytes of TeraValidate's sum).
   */
  public static long crc(byte[] key, int keyLength, byte[] value, int valueLength, CRC32 crc) {
    crc.reset();
    crc.update(key, 0, keyLength);
    crc.update(value, 0, valueLength);
    return crc.getValue();
  }

  /** Hex of a key, for messages that name an offending record. */
  public static String hex(byte[] bytes, int length) {
    StringBuilder b = new StringBuilder(2 * length);
    for (int i = 0; i < length; i++) {
      b.append(String.format("%02x", bytes[i] & 0xff));
    }
    return b.toString();
  }
}
