package io.hibenchdse.hive;

import io.hibenchdse.core.Seeds;
import java.util.SplittableRandom;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.RejectionInversionZipfSampler;
import org.apache.commons.rng.sampling.distribution.SharedStateDiscreteSampler;
import org.apache.commons.rng.simple.RandomSource;
import org.apache.hadoop.io.Text;

/**
 * The pages of Pavlo's benchmark and the links between them. A page's URL and average duration are
 * functions of the seed and the page id alone, so the rankings reducers and the uservisits writers
 * agree on them without sharing anything. Each page links to its successor (so every page has an
 * in-link and a rankings row, and a uniformly chosen page id is a page of rankings) and to 30-50
 * pages drawn from a Zipf distribution over page ids, whose head gets most of the links as on the
 * web.
 */
final class WebGraph {
  /** Zipf exponent of link targets: in-degrees then follow a power law of exponent about 2.1, as measured on the web. */
  static final double ZIPF_EXPONENT = 0.9;
  static final int MIN_LINKS = 30;
  static final int MAX_LINKS = 50;
  static final int MIN_URL = 10;
  static final int MAX_URL = 100;
  private static final long URL_STREAM = 0x5eed_0f_ba9e5L;

  private final long seed;
  private final long pages;

  WebGraph(long seed, long pages) {
    this.seed = seed;
    this.pages = pages;
  }

  long pages() {
    return pages;
  }

  /** Appends page {@code id}'s URL (10-100 random lower-case letters) to {@code row}. */
  void appendUrl(long id, Text row) {
    SplittableRandom r = pageStream(id);
    appendLetters(r, row);
  }

  /** Appends {@code url,pageRank,avgDuration}: a rankings row of page {@code id}. */
  void appendRanking(long id, long inLinks, byte[] delimiter, Text row) {
    SplittableRandom r = pageStream(id);
    appendLetters(r, row);
    Rows.append(row, delimiter);
    Rows.append(row, inLinks);
    Rows.append(row, delimiter);
    Rows.append(row, 1 + r.nextInt(99));
  }

  private SplittableRandom pageStream(long id) {
    return new SplittableRandom(Seeds.stream(seed ^ URL_STREAM, id));
  }

  /**
   * Letters ten at a time from one 63-bit draw (26^10 < 2^63 / 60000, so no letter is favoured by
   * more than 2 in 100,000): URLs are most of the bytes written, and one draw a letter halved the rate.
   */
  private static void appendLetters(SplittableRandom r, Text row) {
    int length = MIN_URL + r.nextInt(MAX_URL - MIN_URL + 1);
    byte[] letters = new byte[length];
    long draw = 0;
    for (int i = 0; i < length; i++) {
      if (i % 10 == 0) {
        draw = r.nextLong() >>> 1;
      }
      letters[i] = (byte) ('a' + draw % 26);
      draw /= 26;
    }
    row.append(letters, 0, length);
  }

  /**
   * The links of a range of pages, page after page from one stream, so the same seed, page count
   * and map give the same links.
   */
  Links links(int map) {
    return new Links(Seeds.stream(seed, map));
  }

  /** Link targets of consecutive pages. */
  final class Links {
    private final UniformRandomProvider random;
    private final SharedStateDiscreteSampler zipf;
    private long[] targets = new long[MAX_LINKS + 1];

    private Links(long streamSeed) {
      random = RandomSource.XO_RO_SHI_RO_128_PP.create(streamSeed);
      zipf = RejectionInversionZipfSampler.of(random, (int) pages, ZIPF_EXPONENT);
    }

    /** Fills {@link #targets()} with page {@code id}'s link targets and returns their count. */
    int of(long id) {
      int n = MIN_LINKS + random.nextInt(MAX_LINKS - MIN_LINKS + 1);
      targets[0] = (id + 1) % pages;
      for (int i = 1; i <= n; i++) {
        targets[i] = zipf.sample() - 1; // Zipf ranks are 1-based
      }
      return n + 1;
    }

    long[] targets() {
      return targets;
    }
  }
}
