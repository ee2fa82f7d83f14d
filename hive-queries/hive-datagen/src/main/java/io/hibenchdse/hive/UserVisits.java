package io.hibenchdse.hive;

import io.hibenchdse.core.RandomTextWriter;
import io.hibenchdse.core.Seeds;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.hadoop.io.Text;

/**
 * Rows of {@code uservisits}: {@code sourceIP,destURL,visitDate,adRevenue,userAgent,countryCode,
 * languageCode,searchWord,duration}. Visit {@code v} is a function of the seed and {@code v} alone,
 * so the data do not depend on how visits are split among maps.
 */
final class UserVisits {
  /** Visit dates are uniform over these days, both included. */
  static final LocalDate FIRST_DAY = LocalDate.of(1970, 1, 1);
  static final LocalDate LAST_DAY = LocalDate.of(2012, 5, 1);
  private static final long VISIT_STREAM = 0x7a11_5eedL;

  private static final byte[][] DAYS = days();
  private static final byte[][] USER_AGENTS = lines("user_agents.txt");
  /** Country and language code of real locales, joined by the delimiter when used. */
  private static final String[][] LOCALES = locales();
  private static final byte[][] SEARCH_WORDS = words();

  private final long seed;
  private final WebGraph graph;
  private final byte[] delimiter;
  private final byte[][] localeFields;

  UserVisits(long seed, WebGraph graph, byte[] delimiter) {
    this.seed = seed;
    this.graph = graph;
    this.delimiter = delimiter;
    String d = new String(delimiter, StandardCharsets.UTF_8);
    localeFields = new byte[LOCALES.length][];
    for (int i = 0; i < LOCALES.length; i++) {
      localeFields[i] = (LOCALES[i][0] + d + LOCALES[i][1]).getBytes(StandardCharsets.UTF_8);
    }
  }

  /** Writes visit {@code v} into {@code row} and returns the id of the page it visited. */
  long visit(long v, Text row) {
    SplittableRandom r = new SplittableRandom(Seeds.stream(seed ^ VISIT_STREAM, v));
    row.clear();
    Rows.append(row, 1 + r.nextInt(254));
    row.append(DOT, 0, 1);
    Rows.append(row, r.nextInt(255));
    row.append(DOT, 0, 1);
    Rows.append(row, r.nextInt(255));
    row.append(DOT, 0, 1);
    Rows.append(row, 1 + r.nextInt(254));
    Rows.append(row, delimiter);
    long page = r.nextLong(graph.pages());
    graph.appendUrl(page, row);
    Rows.append(row, delimiter);
    Rows.append(row, DAYS[r.nextInt(DAYS.length)]);
    Rows.append(row, delimiter);
    // a float in [0, 1) as Random.nextFloat draws it, printed as the stock generator prints it
    Rows.append(row, Float.toString(r.nextInt(1 << 24) / (float) (1 << 24)));
    Rows.append(row, delimiter);
    Rows.append(row, USER_AGENTS[r.nextInt(USER_AGENTS.length)]);
    Rows.append(row, delimiter);
    Rows.append(row, localeFields[r.nextInt(localeFields.length)]);
    Rows.append(row, delimiter);
    Rows.append(row, SEARCH_WORDS[r.nextInt(SEARCH_WORDS.length)]);
    Rows.append(row, delimiter);
    Rows.append(row, 1 + r.nextInt(10));
    return page;
  }

  private static final byte[] DOT = {'.'};

  private static byte[][] days() {
    int n = (int) (LAST_DAY.toEpochDay() - FIRST_DAY.toEpochDay() + 1);
    byte[][] days = new byte[n][];
    for (int i = 0; i < n; i++) {
      days[i] = FIRST_DAY.plusDays(i).toString().getBytes(StandardCharsets.US_ASCII); // yyyy-MM-dd
    }
    return days;
  }

  private static byte[][] words() {
    List<String> words = RandomTextWriter.words();
    byte[][] bytes = new byte[words.size()][];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = words.get(i).getBytes(StandardCharsets.UTF_8);
    }
    return bytes;
  }

  private static String[][] locales() {
    byte[][] lines = lines("locales.txt");
    String[][] locales = new String[lines.length][];
    for (int i = 0; i < lines.length; i++) {
      locales[i] = new String(lines[i], StandardCharsets.UTF_8).split(" ");
    }
    return locales;
  }

  /** A resource's lines, skipping blank ones and '#' comments; none may hold a comma (the field delimiter). */
  private static byte[][] lines(String resource) {
    try (InputStream in = UserVisits.class.getResourceAsStream(resource);
         BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      List<byte[]> lines = new ArrayList<>();
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        line = line.trim();
        if (!line.isEmpty() && !line.startsWith("#")) {
          lines.add(line.getBytes(StandardCharsets.UTF_8));
        }
      }
      return lines.toArray(new byte[0][]);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
