package io.hibenchdse.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.hibenchdse.launcher.suite.SuiteOptions;
import java.io.PrintStream;
import java.lang.reflect.Constructor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The first commands a newcomer copies hold to the letter: README's first code block, and in
 * docs/running.md the embedded run's and the hosts' examples, read from the files. Every
 * {@code bin/hibench} line is parsed by the launcher itself, up to the first check that needs nothing
 * started; a {@code run} line's suite options make a plan; every file it names, or leaves to a
 * default, is in the checkout; a {@code compare} reads directories that one run line before it
 * writes. Nothing runs a workload: the whole class takes seconds.
 */
class DocsExamplesTest {
  static final Path HOME = LauncherTest.HOME;

  @TempDir Path dir;

  @Test
  void readmesFirstBlockHoldsToTheLetter() throws Exception {
    check("README.md, first block", block(HOME.resolve("README.md"), null));
  }

  @Test
  void runningsEmbeddedRunHoldsToTheLetter() throws Exception {
    check("docs/running.md, The embedded run", block(HOME.resolve("docs/running.md"), "## The embedded run"));
  }

  @Test
  void runningsHostsExampleHoldsToTheLetter() throws Exception {
    check("docs/running.md, Hosts on this machine", block(HOME.resolve("docs/running.md"), "## Hosts on this machine"));
  }

  /** The checks fail where an example drifts from the code: each kind of drift once, on a copy of the text. */
  @Test
  void anExampleThatDriftedFails() {
    String good = "bin/hibench run --report-dir report-hdfs\nbin/hibench run --target cfs --report-dir report-cfs\n"
        + "bin/hibench compare report-hdfs report-cfs\n";
    assertEquals(null, drift(good), "the text as running.md has it");
    // the example as it was: both runs to report/, the compare reading directories no line writes
    assertDrift("bin/hibench run\nbin/hibench run --target cfs\nbin/hibench compare report-hdfs report-cfs\n",
        "reads report-hdfs, which no run line before it writes");
    assertDrift(good.replace("--report-dir report-hdfs", "--reportdir report-hdfs"), "Unknown options: '--reportdir', 'report-hdfs'");
    assertDrift(good.replace("--target cfs", "--target cassandra"), "Invalid value for option '--target'");
    assertDrift("bin/hibench run --benchmarks conf/mapreduce-micro.lst\n", "conf/mapreduce-micro.lst is not in the checkout");
    assertDrift("bin/hibench run --profile tinyy\n", "unknown profile 'tinyy'");
    assertDrift("bin/hibench compare report report --forced\n", "Unknown option: '--forced'");
    assertDrift("bin/hibench run\nbin/hibench run --target cfs\nbin/hibench compare report report\n",
        "report is written by 2 run lines");
    assertDrift("sudo bin/hibench storage start --target hdfs --hosts 3 --links 1gbit\n", "Unknown options: '--links', '1gbit'");
    assertDrift("sudo bin/hibench storage start --target hdfs --link 1gbit\n", "--link shapes the links of --hosts");
    assertDrift("bin/hibench wordcount in out\n", "no check for 'wordcount'");
    assertDrift("mvn -B -ntp -Pnosuchprofile verify\n", "profile nosuchprofile");
  }

  private void assertDrift(String text, String expected) {
    String found = drift(text);
    assertTrue(found != null && found.contains(expected), text + ": expected a failure saying " + expected + ", got " + found);
  }

  /** What {@link #check} finds wrong in {@code text} first (it stops there), or null. */
  private String drift(String text) {
    try {
      check("a copy", lines(text));
      return null;
    } catch (AssertionError e) {
      return e.getMessage();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** The commands of the code block after {@code heading} (null: the file's first block), one a line. */
  static List<String> block(Path file, String heading) throws Exception {
    String text = Files.readString(file);
    int from = heading == null ? 0 : text.indexOf("\n" + heading + "\n");
    assertTrue(from >= 0, file + " has no heading " + heading);
    int open = text.indexOf("\n```\n", from);
    int close = text.indexOf("\n```\n", open + 5);
    assertTrue(open >= 0 && close > open, file + ": no code block after " + heading);
    List<String> lines = lines(text.substring(open + 5, close + 1));
    assertFalse(lines.isEmpty(), file + ": an empty block after " + heading);
    return lines;
  }

  /** The commands of a block: comments cut, {@code &&} chains split. */
  static List<String> lines(String block) {
    List<String> commands = new ArrayList<>();
    for (String line : block.split("\n")) {
      String code = line.replaceFirst("\\s+#.*$", "").replaceFirst("^#.*$", "").trim();
      for (String part : code.split("&&")) {
        if (!part.isBlank()) {
          commands.add(part.trim());
        }
      }
    }
    return commands;
  }

  /** Every command of {@code commands}, in order, as {@code where} gives them. */
  private void check(String where, List<String> commands) throws Exception {
    Map<Path, Integer> written = new HashMap<>();
    for (String command : commands) {
      List<String> words = words(command);
      if (words.get(0).equals("sudo")) {
        words.remove(0);
      }
      String at = where + ": " + command + ": ";
      if (words.get(0).equals("mvn")) {
        mvn(at, words);
        continue;
      }
      assertEquals("bin/hibench", words.get(0), at + "a command the test does not know");
      assertTrue(Files.isExecutable(HOME.resolve(words.get(0))), at + "bin/hibench is not in the checkout");
      List<String> args = words.subList(1, words.size());
      switch (args.isEmpty() ? "" : args.get(0)) {
        case "run" -> written.merge(run(at, args.subList(1, args.size())), 1, Integer::sum);
        case "compare" -> compare(at, args.subList(1, args.size()), written);
        case "storage" -> storage(at, args.subList(1, args.size()));
        default -> fail(at + "no check for '" + (args.isEmpty() ? "" : args.get(0)) + "'; give the command one here");
      }
    }
  }

  /**
   * A run line: the launcher parses it whole and stops at its first check of --work-dir, before
   * anything starts; its suite options make a plan; the files it reads are here. Returns the
   * report directory it writes.
   */
  private Path run(String at, List<String> args) throws Exception {
    parsedUpTo(at, "run", args, "--work-dir");

    // the launcher's own model of run's options, for their values and defaults
    CommandLine run = new CommandLine(launcherCommand("RunCommand"));
    run.setCaseInsensitiveEnumValuesAllowed(true);
    CommandLine.ParseResult result = run.parseArgs(args.toArray(new String[0]));
    CommandSpec suite = CommandSpec.forAnnotatedObject(new SuiteOptions());
    List<String> plan = new ArrayList<>(List.of("plan"));
    for (OptionSpec own : suite.options()) {
      if (own.usageHelp() || own.versionHelp()) {
        continue;
      }
      OptionSpec o = run.getCommandSpec().findOption(own.longestName());
      boolean file = o.type() == Path.class;
      if (file) {
        // a relative path is taken from the directory bin/hibench runs in: the checkout's root
        Path value = o.getValue();
        assertTrue(Files.exists(HOME.resolve(value)), at + o.longestName() + " " + value + " is not in the checkout");
      }
      String name = o.longestName();
      if (!result.hasMatchedOption(name)) {
        if (file) {
          plan.addAll(List.of(name, HOME.resolve(o.defaultValue()).toString()));
        }
      } else if (o.arity().max() == 0) {
        plan.add(name);
      } else {
        for (String value : result.matchedOption(name).originalStringValues()) {
          plan.addAll(List.of(name, file ? HOME.resolve(value).toString() : value));
        }
      }
    }
    InProcess.Outcome planned = InProcess.hibench(plan.toArray(new String[0]));
    assertEquals(0, planned.status(), at + "its suite options make no plan: " + plan + ": " + planned);
    assertTrue(planned.out().lines().anyMatch(l -> l.startsWith("measure ")), at + "a plan without a measured step: " + planned);
    Path report = run.getCommandSpec().findOption("--report-dir").getValue();
    return report.normalize();
  }

  /** A storage start line: the launcher parses it and checks its options, then stops at its --dir, before anything starts. */
  private void storage(String at, List<String> args) throws Exception {
    assertEquals("start", args.get(0), at + "storage has only start");
    parsedUpTo(at, "storage", args, "--dir");
  }

  /**
   * The launcher parses {@code command args} whole and stops at {@code option}'s directory, a file
   * here: its first check, before anything starts.
   */
  private void parsedUpTo(String at, String command, List<String> args, String option) throws Exception {
    Path notADir = Files.writeString(dir.resolve(command + option + "-is-a-file"), "");
    List<String> line = new ArrayList<>(List.of(command));
    line.addAll(without(args, option));
    line.addAll(List.of(option, notADir.toString()));
    InProcess.Outcome parsed = InProcess.hibench(line.toArray(new String[0]));
    assertEquals("hibench " + command + ": " + option + " " + notADir + " is a file, not a directory", parsed.err().trim(),
        at + parsed);
  }

  /** {@code args} without {@code option} and its value: the test gives its own. */
  private static List<String> without(List<String> args, String option) {
    List<String> kept = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      if (args.get(i).equals(option)) {
        i++;
      } else if (!args.get(i).startsWith(option + "=")) {
        kept.add(args.get(i));
      }
    }
    return kept;
  }

  /** A compare line: the launcher parses it, and each side is what one run line before it wrote. */
  private void compare(String at, List<String> args, Map<Path, Integer> written) throws Exception {
    CommandLine compare = new CommandLine(launcherCommand("CompareCommand"));
    CommandLine.ParseResult result;
    try {
      result = compare.parseArgs(args.toArray(new String[0]));
    } catch (CommandLine.ParameterException e) {
      throw new AssertionError(at + e.getMessage(), e);
    }
    List<String> sides = result.matchedPositionals().stream().flatMap(p -> p.originalStringValues().stream()).toList();
    assertEquals(2, sides.size(), at + "compare takes two report directories");
    // the launcher itself, on two empty directories: parsed, it stops at the first one's missing records
    List<String> line = new ArrayList<>(List.of("compare"));
    for (String word : args) {
      line.add(sides.contains(word) ? Files.createDirectories(dir.resolve("side-" + sides.indexOf(word))).toString() : word);
    }
    InProcess.Outcome parsed = InProcess.hibench(line.toArray(new String[0]));
    assertEquals("hibench compare: " + dir.resolve("side-0").resolve("hibench.jsonl") + " does not exist", parsed.err().trim(),
        at + parsed);
    for (String side : sides) {
      Integer writers = written.get(Path.of(side).normalize());
      assertTrue(writers != null, at + "reads " + side + ", which no run line before it writes (they write " + written.keySet() + ")");
      assertEquals(1, writers, at + side + " is written by " + writers + " run lines: compare would read their records as one side");
    }
  }

  /** A mvn line: the profiles and modules it names are the build's. */
  private static void mvn(String at, List<String> words) throws Exception {
    String poms = Files.readString(HOME.resolve("pom.xml"));
    for (int i = 1; i < words.size(); i++) {
      String w = words.get(i);
      if (w.startsWith("-P")) {
        for (String profile : (w.length() > 2 ? w.substring(2) : words.get(++i)).split(",")) {
          String id = profile.replaceFirst("^[!-]", "");
          assertTrue(anyPomHasProfile(id), at + "profile " + id + " is in no pom.xml");
        }
      } else if (w.equals("-pl")) {
        for (String module : words.get(++i).split(",")) {
          assertTrue(Files.isRegularFile(HOME.resolve(module).resolve("pom.xml")) && poms.contains("<module>" + module + "</module>"),
              at + "module " + module + " is not the build's");
        }
      }
    }
  }

  private static boolean anyPomHasProfile(String id) throws Exception {
    try (var poms = Files.walk(HOME, 3)) {
      return poms.filter(p -> p.getFileName().toString().equals("pom.xml") && !p.toString().contains("/target/"))
          .anyMatch(p -> {
            try {
              return Pattern.compile("<profile>\\s*<id>" + Pattern.quote(id) + "</id>").matcher(Files.readString(p)).find();
            } catch (java.io.IOException e) {
              throw new java.io.UncheckedIOException(e);
            }
          });
    }
  }

  /** One of the launcher's commands, package-private there, made as Hibench makes it: picocli's model of its options. */
  private static Object launcherCommand(String name) throws Exception {
    Constructor<?> make = Class.forName("io.hibenchdse.launcher." + name).getDeclaredConstructor(PrintStream.class);
    make.setAccessible(true);
    return make.newInstance(System.out);
  }

  /** A command's words as a POSIX shell splits them, quotes taken off. */
  static List<String> words(String command) {
    List<String> words = new ArrayList<>();
    Matcher m = Pattern.compile("\"([^\"]*)\"|'([^']*)'|(\\S+)").matcher(command);
    while (m.find()) {
      words.add(m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3));
    }
    return words;
  }

  @Test
  void wordsAreSplitAsAShellSplitsThem() {
    assertEquals(List.of("bin/hibench", "run", "--submit", "hadoop jar", "--x", "a b"),
        words("bin/hibench run --submit \"hadoop jar\" --x 'a b'"));
    assertEquals(List.of("mvn -B -ntp -DskipTests package", "bin/hibench run"),
        lines("mvn -B -ntp -DskipTests package && bin/hibench run     # build, then run\n# a comment\n"));
    assertThrows(AssertionError.class, () -> check("a copy", List.of("hadoop jar x.jar")));
  }
}
