package io.hibenchdse.hosts;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A host's link, as {@code tc} shapes it: a rate ({@code 40mbit}, {@code 1gbit}) and an optional
 * one-way delay ({@code 0.5ms}), in both directions.
 *
 * @param rate the rate as {@code tc} reads it
 * @param bitsPerSecond the rate in bits per second
 * @param delay the delay as {@code tc} reads it, or null
 */
public record Link(String rate, long bitsPerSecond, String delay) {
  private static final Pattern RATE = Pattern.compile("(\\d+(?:\\.\\d+)?)(bit|kbit|mbit|gbit)");
  private static final Pattern DELAY = Pattern.compile("\\d+(?:\\.\\d+)?(us|ms|s)");

  /** {@code RATE[,DELAY]}; an IllegalArgumentException says what is wrong. */
  public static Link parse(String text) {
    String[] parts = text.toLowerCase(Locale.ROOT).split(",", -1);
    Matcher rate = RATE.matcher(parts[0].trim());
    if (parts.length > 2 || !rate.matches()) {
      throw new IllegalArgumentException("'" + text + "' is not RATE[,DELAY] (such as 1gbit or 100mbit,0.5ms)");
    }
    long unit = switch (rate.group(2)) {
      case "kbit" -> 1_000L;
      case "mbit" -> 1_000_000L;
      case "gbit" -> 1_000_000_000L;
      default -> 1L;
    };
    long bits = Math.round(Double.parseDouble(rate.group(1)) * unit);
    if (bits < 8_000) {
      throw new IllegalArgumentException("'" + text + "': a rate below 8kbit would not carry a cluster's heartbeats");
    }
    String delay = null;
    if (parts.length == 2) {
      delay = parts[1].trim();
      if (!DELAY.matcher(delay).matches()) {
        throw new IllegalArgumentException("'" + text + "': the delay '" + parts[1] + "' is not a time such as 0.5ms");
      }
    }
    return new Link(parts[0].trim(), bits, delay);
  }

  /** The rate in bytes per second. */
  public double bytesPerSecond() {
    return bitsPerSecond / 8.0;
  }

  /**
   * The token bucket's burst: at least a 64 KiB segment, which veth hands over whole, or a
   * hundredth of a second at the rate, so tbf neither drops large segments nor smooths away the rate.
   */
  long burstBytes() {
    return Math.max(64 * 1024, bitsPerSecond / 8 / 100);
  }

  @Override
  public String toString() {
    return delay == null ? rate : rate + "," + delay;
  }
}
