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

  record Case(String module, String className, String name, double seconds) {}

  public static void main(String[] args) throws Exception {
    Path root = Path.of(args.length > 0 ? args[0] : ".");
    int top = args.length > 1 ? Integer.parseInt(args[1]) : 20;
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
    int failed = suites.stream().mapToInt(Suite::failed).sum();
    int skipped = suites.stream().mapToInt(Suite::skipped).sum();
    int run = suites.stream().mapToInt(Suite::tests).sum();
    System.out.printf(Locale.ROOT, "%ntotal: %.1f s (%s) in %d classes and %d cases%n", total, minutes(total), suites.size(), cases.size());
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
    for (int i = 0; i < testcases.getLength(); i++) {
      Element c = (Element) testcases.item(i);
      cases.add(new Case(module, c.getAttribute("classname"), c.getAttribute("name"), seconds(c.getAttribute("time"))));
    }
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
