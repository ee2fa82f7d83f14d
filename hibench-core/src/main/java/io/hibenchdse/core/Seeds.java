package io.hibenchdse.core;

/** Seeds of the generators' random streams: same seed and index, same stream; nearby ones unrelated. */
public final class Seeds {
  private Seeds() {}

  /** A 64-bit finalizer (Stafford's mix 13, as in SplittableRandom): nearby inputs, unrelated outputs. */
  public static long mix64(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  /**
   * The seed of stream {@code index} of a generator seeded with {@code seed}. The seed is mixed
   * first; seed * golden-gamma + i would make seed s+1 the stream of seed s one draw on.
   */
  public static long stream(long seed, long index) {
    return mix64(mix64(seed) + index);
  }
}
