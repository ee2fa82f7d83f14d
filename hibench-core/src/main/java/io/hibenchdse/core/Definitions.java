package io.hibenchdse.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;

/**
 * A tool's {@code -Dkey=value} settings, wherever they stand among its arguments. ToolRunner reads
 * generic options only before the tool's own, and HiBench 7 puts {@code -Dtest.build.data=...}
 * after DFSIOE's options (ToolRunner hands those on split, as {@code -D key=value}).
 */
final class Definitions {
  /** The source GenericOptionsParser gives a {@code -D} setting (and so do we). */
  static final String COMMAND_LINE = "from command line";

  private Definitions() {}

  /**
   * The arguments without the definitions, which are set in {@code conf}. Two kinds of words are
   * dropped, being what HiBench 7's quoting leaves of its
   * {@code -Dmapreduce.map.java.opts="... $MAP_JAVA_OPTS"}: a bare double quote (prepare.sh escapes
   * them, and piped they stay words of their own) and JVM options ({@code -X...}, from the cluster's
   * java opts, which its run_hadoop_job splits off); those are named on stderr, as no option of ours
   * starts with -X.
   */
  static String[] apply(Configuration conf, String[] args) {
    List<String> rest = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      String definition = at(args, i);
      if (definition != null && a.equals("-D")) {
        i++;
      }
      int eq = definition == null ? -1 : definition.indexOf('=');
      if (eq > 0) {
        conf.set(definition.substring(0, eq), definition.substring(eq + 1), COMMAND_LINE);
      } else if (definition != null) {
        throw malformed(definition);
      } else if (a.startsWith("-X")) {
        System.err.println("ignoring the JVM option " + a + " among the tool's arguments");
      } else if (!a.equals("\"")) {
        rest.add(a);
      }
    }
    return rest.toArray(new String[0]);
  }

  /** The settings given with {@code -D} on the command line, by key. */
  static Map<String, String> given(Configuration conf) {
    Map<String, String> given = new TreeMap<>();
    for (Map.Entry<String, String> kv : conf) {
      String[] sources = conf.getPropertySources(kv.getKey());
      if (sources != null && Arrays.asList(sources).contains(COMMAND_LINE)) {
        given.put(kv.getKey(), kv.getValue());
      }
    }
    return given;
  }

  /** The {@code key=value} of a {@code -D} at {@code args[i]}: glued, or the next word after a bare -D; else null. */
  static String at(String[] args, int i) {
    String a = args[i];
    return a.startsWith("-D") && a.length() > 2 ? a.substring(2) : a.equals("-D") && i + 1 < args.length ? args[i + 1] : null;
  }

  static UsageException malformed(String definition) {
    return new UsageException("-D needs key=value, was '" + definition + "'");
  }
}
