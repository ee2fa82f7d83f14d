package io.hibenchdse.ycsb;

import io.hibenchdse.core.UsageException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * YCSB's own command line ({@code site.ycsb.Client}'s: {@code -P file}, {@code -p name=value},
 * {@code -threads}, {@code -target}, {@code -s}, ...), parsed to check it before YCSB runs: YCSB
 * itself ignores what it does not know, and a missing workload file ends in a stack trace.
 */
@Command(name = "ycsb")
public final class YcsbArgs {
  /** The property naming the table, and its default: CoreWorkload's, for code that loads no YCSB class. */
  public static final String TABLE = "table";
  public static final String TABLE_DEFAULT = "usertable";

  @Option(names = "-P", paramLabel = "FILE", description = "A workload properties file; later ones override earlier ones.")
  List<Path> files = new ArrayList<>();

  @Option(names = "-p", paramLabel = "NAME=VALUE", description = "A property, overriding the files'.")
  Map<String, String> properties = new LinkedHashMap<>();

  @Option(names = "-threads", description = "Client threads.")
  Integer threads;

  @Option(names = "-target", description = "Operations per second to aim at, for all threads together.")
  Integer target;

  @Option(names = "-s", description = "Print status every 10 s on stderr.")
  boolean status;

  @Option(names = "-db", paramLabel = "CLASS", description = "The DB binding class.")
  String db;

  @Option(names = "-l", paramLabel = "LABEL", description = "A label for the status lines.")
  String label;

  @Option(names = {"-load"}, description = "Load the records.")
  boolean load;

  @Option(names = {"-t"}, description = "Run the transactions.")
  boolean transactions;

  /** The properties the arguments give, as YCSB merges them: the files in order, then every -p. */
  private final Properties merged = new Properties();
  /** Where each property came from: a file, or {@code -p}. */
  private final Map<String, String> source = new LinkedHashMap<>();
  /** The arguments as given. */
  private List<String> given;

  private YcsbArgs() {}

  /** Parses YCSB's arguments; a missing or unreadable -P file, an option YCSB lacks or a bad number is one line. */
  public static YcsbArgs parse(List<String> args) {
    YcsbArgs a = new YcsbArgs();
    a.given = List.copyOf(args);
    try {
      new CommandLine(a).setPosixClusteredShortOptionsAllowed(false).parseArgs(args.toArray(new String[0]));
    } catch (CommandLine.ParameterException e) {
      throw new UsageException(e.getMessage());
    }
    for (Path f : a.files) {
      if (!Files.isRegularFile(f)) {
        throw new UsageException("-P " + f + ": no such workload file");
      }
      Properties p = new Properties();
      try (InputStream in = Files.newInputStream(f)) {
        p.load(in);
      } catch (IOException | IllegalArgumentException e) {
        throw new UsageException("-P " + f + ": cannot read it as properties: " + e.getMessage());
      }
      for (String name : p.stringPropertyNames()) {
        a.merged.setProperty(name, p.getProperty(name));
        a.source.put(name, "-P " + f);
      }
    }
    for (Map.Entry<String, String> e : a.properties.entrySet()) {
      a.merged.setProperty(e.getKey(), e.getValue());
      a.source.put(e.getKey(), "-p");
    }
    return a;
  }

  /** The arguments as given, unchanged. */
  public List<String> given() {
    return given;
  }

  /** The merged properties (a copy). */
  public Properties properties() {
    Properties p = new Properties();
    p.putAll(merged);
    return p;
  }

  /** Where a property was set: {@code -P file} or {@code -p}. */
  public String source(String name) {
    return source.get(name);
  }

  public boolean has(String name) {
    return merged.getProperty(name) != null;
  }
}
