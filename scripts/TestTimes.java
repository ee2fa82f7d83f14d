import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Where a {@code mvn verify}'s test time went: reads every module's surefire and failsafe XML
 * reports under a directory and prints the slowest test classes and cases with their seconds, and
 * the totals. Run through {@code scripts/test-times}; needs only the JDK.
 */
public class TestTimes {
  record Suite(String module, String name, double seconds, int tests, int failed, int skipped) {}

  /** A case's place in time: its class ran its cases one after another, up to when its report was written. */
  record Case(String module, String className, String name, double seconds, long startMs) {}

  /** One row of {@code sar -u}: the machine's idle share of its cores over the ten seconds or so before {@code endMs}. */
  record Idle(long startMs, long endMs, double idlePct) {}

  public static void main(String[] args) throws Exception {
    Path root = Path.of(args.length > 0 ? args[0] : ".");
    int top = args.length > 1 ? Integer.parseInt(args[1]) : 20;
    Path sar = args.length > 2 ? Path.of(args[2]) : null;
    List<Path> reports;
    try (Stream<Path> files = Files.walk(root)) {
      reports = files.filter(TestTimes::isReport).sorted().collect(Collectors.toList());
    }
    if (reports.isEmpty()) {
      System.err.println("test-times: no surefire or failsafe report (target/*-reports/TEST-*.xml) under " + root.toAbsolutePath()
          + ": run mvn verify first");
      System.exit(2);
    }
    List<Suite> suites = new ArrayList<>();
    List<Case> cases = new ArrayList<>();
    for (Path report : reports) {
      read(root, report, suites, cases);
    }
    suites.sort(Comparator.comparingDouble(Suite::seconds).reversed());
    cases.sort(Comparator.comparingDouble(Case::seconds).reversed());

    double total = suites.stream().mapToDouble(Suite::seconds).sum();
    System.out.printf(Locale.ROOT, "%d slowest test classes of %d (seconds, share of the total):%n", Math.min(top, suites.size()), suites.size());
    System.out.printf(Locale.ROOT, "%9s %6s %6s  %-18s %s%n", "seconds", "share", "cases", "module", "class");
    for (Suite s : suites.subList(0, Math.min(top, suites.size()))) {
      System.out.printf(Locale.ROOT, "%9.1f %5.1f%% %6d  %-18s %s%n", s.seconds(), 100 * s.seconds() / total, s.tests(), s.module(), simple(s.name()));
    }
    System.out.printf(Locale.ROOT, "%n%d slowest test cases of %d:%n", Math.min(top, cases.size()), cases.size());
    System.out.printf(Locale.ROOT, "%9s  %-18s %s%n", "seconds", "module", "class.case");
    for (Case c : cases.subList(0, Math.min(top, cases.size()))) {
      System.out.printf(Locale.ROOT, "%9.1f  %-18s %s.%s%n", c.seconds(), c.module(), simple(c.className()), c.name());
    }
    if (sar != null) {
      idle(cases, readSar(sar), top);
    }
    int failed = suites.stream().mapToInt(Suite::failed).sum();
    int skipped = suites.stream().mapToInt(Suite::skipped).sum();
    int run = suites.stream().mapToInt(Suite::tests).sum();
    System.out.printf(Locale.ROOT, "%ntotal: %.1f s (%s) in %d classes and %d cases%n", total, minutes(total), suites.size(), cases.size());
    double ran = running(cases).stream().mapToDouble(span -> (span[1] - span[0]) / 1000.0).sum();
    System.out.printf(Locale.ROOT, "wall: %.1f s (%s) in which a case ran (where forks run cases at once, less than the total)%n", ran,
        minutes(ran));
    System.out.printf(Locale.ROOT, "tests: %d passed, %d failed, %d skipped%n", run - failed - skipped, failed, skipped);
  }

  static boolean isReport(Path p) {
    String parent = p.getParent() == null ? "" : p.getParent().getFileName().toString();
    String name = p.getFileName().toString();
    return (parent.equals("surefire-reports") || parent.equals("failsafe-reports")) && name.startsWith("TEST-") && name.endsWith(".xml");
  }

  static void read(Path root, Path report, List<Suite> suites, List<Case> cases) throws Exception {
    // <module>/target/<plugin>-reports/TEST-*.xml: the module is what lies between root and target
    Path moduleDir = report.getParent().getParent().getParent();
    Path rel = root.toAbsolutePath().normalize().relativize(moduleDir.toAbsolutePath().normalize());
    String module = rel.toString().isEmpty() ? "." : rel.toString();
    Element suite;
    try {
      suite = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(report.toFile()).getDocumentElement();
    } catch (IOException | org.xml.sax.SAXException e) {
      System.err.println("test-times: " + report + ": not a readable test report (" + e.getMessage() + ")");
      System.exit(1);
      return;
    }
    suites.add(new Suite(module, suite.getAttribute("name"), seconds(suite.getAttribute("time")), integer(suite.getAttribute("tests")),
        integer(suite.getAttribute("failures")) + integer(suite.getAttribute("errors")), integer(suite.getAttribute("skipped"))));
    NodeList testcases = suite.getElementsByTagName("testcase");
    long at = Files.getLastModifiedTime(report).toMillis() - Math.round(1000 * seconds(suite.getAttribute("time")));
    for (int i = 0; i < testcases.getLength(); i++) {
      Element c = (Element) testcases.item(i);
      double s = seconds(c.getAttribute("time"));
      cases.add(new Case(module, c.getAttribute("classname"), c.getAttribute("name"), s, at));
      at += Math.round(1000 * s);
    }
  }

  /**
   * How much of each case's time the machine's cores sat idle, by {@code sar -u INTERVAL} run beside
   * the tests (the output's date line and its rows, 24-hour clock): the cases that wait rather than
   * compute, which a shorter interval or a second test beside them could use.
   */
  static void idle(List<Case> cases, List<Idle> rows, int top) {
    record Waited(Case c, double idleSec) {}
    List<Waited> waited = new ArrayList<>();
    for (Case c : cases) {
      waited.add(new Waited(c, idleSec(rows, c.startMs(), c.startMs() + Math.round(1000 * c.seconds()))[0]));
    }
    // the machine's idle seconds once, over the seconds any case ran: cases of two forks overlap
    double idle = 0;
    double covered = 0;
    for (long[] span : running(cases)) {
      double[] both = idleSec(rows, span[0], span[1]);
      idle += both[0];
      covered += both[1];
    }
    waited.sort(Comparator.comparingDouble(Waited::idleSec).reversed());
    System.out.printf(Locale.ROOT, "%nidle: the cores sat idle for %.0f s of the %.0f s sar saw the cases run (%.0f%%); the %d cases"
        + " that waited most:%n", idle, covered, covered == 0 ? 0 : 100 * idle / covered, Math.min(top, waited.size()));
    System.out.printf(Locale.ROOT, "%9s %9s  %-18s %s%n", "idle s", "seconds", "module", "class.case");
    for (Waited w : waited.subList(0, Math.min(top, waited.size()))) {
      System.out.printf(Locale.ROOT, "%9.1f %9.1f  %-18s %s.%s%n", w.idleSec(), w.c().seconds(), w.c().module(),
          simple(w.c().className()), w.c().name());
    }
  }

  /** The cores' idle seconds between {@code startMs} and {@code endMs}, and the seconds of it sar's rows cover. */
  static double[] idleSec(List<Idle> rows, long startMs, long endMs) {
    double idle = 0;
    double covered = 0;
    for (Idle r : rows) {
      long overlap = Math.min(endMs, r.endMs()) - Math.max(startMs, r.startMs());
      if (overlap > 0) {
        idle += overlap / 1000.0 * r.idlePct() / 100;
        covered += overlap / 1000.0;
      }
    }
    return new double[] {idle, covered};
  }

  /** The spans of time in which at least one case ran, in order, as {start, end} in ms. */
  static List<long[]> running(List<Case> cases) {
    List<long[]> spans = new ArrayList<>();
    cases.stream().sorted(Comparator.comparingLong(Case::startMs)).forEach(c -> {
      long end = c.startMs() + Math.round(1000 * c.seconds());
      long[] last = spans.isEmpty() ? null : spans.get(spans.size() - 1);
      if (last != null && c.startMs() <= last[1]) {
        last[1] = Math.max(last[1], end);
      } else {
        spans.add(new long[] {c.startMs(), end});
      }
    });
    return spans;
  }

  /** The date in sar's first line, month first: 12/06/26 or 12/06/2026. */
  static final java.util.regex.Pattern SAR_DATE = java.util.regex.Pattern.compile("(\\d\\d)/(\\d\\d)/(\\d\\d(?:\\d\\d)?)\\b");

  static List<Idle> readSar(Path sar) throws IOException {
    java.time.LocalDate day = null;
    java.time.LocalDateTime last = null;
    List<Idle> rows = new ArrayList<>();
    for (String line : Files.readAllLines(sar)) {
      String[] f = line.trim().split("\\s+");
      java.util.regex.Matcher date = SAR_DATE.matcher(line);
      if (day == null && date.find()) {
        int year = Integer.parseInt(date.group(3));
        day = java.time.LocalDate.of(year < 100 ? 2000 + year : year, Integer.parseInt(date.group(1)), Integer.parseInt(date.group(2)));
      } else if (day != null && f.length >= 8 && f[0].matches("\\d\\d:\\d\\d:\\d\\d") && f[1].equals("all")) {
        java.time.LocalDateTime at = java.time.LocalDateTime.of(day, java.time.LocalTime.parse(f[0]));
        if (last != null && at.isBefore(last)) { // past midnight
          day = day.plusDays(1);
          at = at.plusDays(1);
        }
        if (last != null) {
          rows.add(new Idle(millis(last), millis(at), Double.parseDouble(f[f.length - 1])));
        }
        last = at;
      } else if (day != null && f.length >= 8 && f[0].matches("\\d\\d:\\d\\d:\\d\\d")) {
        last = java.time.LocalDateTime.of(day, java.time.LocalTime.parse(f[0])); // the header row starts the first interval
      }
    }
    if (rows.isEmpty()) {
      System.err.println("test-times: " + sar + ": no rows of sar -u (a date line, then HH:MM:SS all ... %idle)");
      System.exit(2);
    }
    return rows;
  }

  static long millis(java.time.LocalDateTime t) {
    return t.atZone(java.time.ZoneId.systemDefault()).toInstant().toEpochMilli();
  }

  /** Surefire writes times as plain decimals, with a grouping comma past 999 in some locales. */
  static double seconds(String time) {
    return time.isEmpty() ? 0 : Double.parseDouble(time.replace(",", ""));
  }

  static int integer(String n) {
    return n.isEmpty() ? 0 : Integer.parseInt(n);
  }

  static String simple(String className) {
    return className.substring(className.lastIndexOf('.') + 1);
  }

  static String minutes(double seconds) {
    return String.format(Locale.ROOT, "%d min %02d s", (long) seconds / 60, Math.round(seconds) % 60);
  }
}
