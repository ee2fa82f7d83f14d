package io.hibenchdse.cfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The list of classes loaded ahead ({@link SessionClasses}) is what a fresh JVM's first client
 * loads: a client in a JVM of its own logs the classes it loads up to its first answer and the
 * token map. With -Dcfs.session.classes.write=true the test writes the list instead (after a
 * driver upgrade: mvn -pl cfs-adapter test -Dtest=SessionClassesTest -Dcfs.session.classes.write=true).
 */
class SessionClassesTest {
  private static final Pattern LOADED = Pattern.compile("\\[class,load\\s*\\] (\\S+) source: ");

  @Test
  void theListIsWhatAFreshJvmsFirstClientLoads(@TempDir Path dir) throws Exception {
    Path log = dir.resolve("classes.log");
    Process p = new ProcessBuilder(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xlog:class+load=info:file=" + log, "-cp", System.getProperty("java.class.path"),
        FirstClient.class.getName(), CfsTestNode.uri().toString())
        .redirectErrorStream(true).redirectOutput(dir.resolve("client.out").toFile()).start();
    assertEquals(0, p.waitFor(), () -> "the client failed: " + read(dir.resolve("client.out")));
    Set<String> loaded = new LinkedHashSet<>();
    for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
      Matcher m = LOADED.matcher(line);
      if (m.find() && !m.group(1).contains("$$Lambda") && !m.group(1).contains("/0x")) {
        String entry = SessionClasses.encode(m.group(1));
        if (entry != null && !entry.startsWith(SessionClassesTest.class.getName())) {
          loaded.add(entry);
        }
      }
    }
    assertTrue(loaded.size() > 1000, "a session loads over a thousand of the driver's classes, the log has " + loaded.size());
    if (Boolean.getBoolean("cfs.session.classes.write")) {
      List<String> lines = new ArrayList<>();
      lines.add("# The classes a fresh JVM's first cfs:// session loads, in order: written by SessionClassesTest.");
      lines.addAll(loaded);
      Files.write(Paths.get("src/main/resources/io/hibenchdse/cfs", SessionClasses.RESOURCE), lines, StandardCharsets.UTF_8);
      return;
    }
    Set<String> listed = new LinkedHashSet<>();
    for (String name : SessionClasses.names()) {
      listed.add(SessionClasses.encode(name));
    }
    Set<String> missing = new LinkedHashSet<>(loaded);
    missing.removeAll(listed);
    Set<String> stale = new LinkedHashSet<>(listed);
    stale.removeAll(loaded);
    // timing moves a few (what the background schema refresh loads before the first answer)
    String rewrite = "; rewrite it: mvn -pl cfs-adapter test -Dtest=SessionClassesTest -Dcfs.session.classes.write=true";
    assertTrue(missing.size() <= loaded.size() / 20, () -> missing.size() + " of the " + loaded.size()
        + " classes loaded are not in " + SessionClasses.RESOURCE + ", such as " + first(missing) + rewrite);
    assertTrue(stale.size() <= listed.size() / 20, () -> stale.size() + " of the " + listed.size()
        + " classes listed were not loaded, such as " + first(stale) + rewrite);
  }

  private static String first(Set<String> names) {
    return String.join(", ", new ArrayList<>(names).subList(0, Math.min(5, names.size())));
  }

  private static String read(Path file) {
    try {
      return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    } catch (java.io.IOException e) {
      return e.toString();
    }
  }

  /** A fresh JVM's first client: its first answer, then the token map, then an end without closing. */
  public static final class FirstClient {
    public static void main(String[] args) throws Exception {
      Configuration conf = new Configuration();
      conf.set("cfs.datacenter", io.hibenchdse.cassandra.LocalCassandra.DATACENTER);
      // what the session loads, not the list
      conf.setBoolean(CfsConfigKeys.PRELOAD.key(), false);
      FileSystem fs = FileSystem.newInstance(URI.create(args[0]), conf);
      fs.getFileStatus(new org.apache.hadoop.fs.Path("/"));
      ((CassandraFileSystem) fs).store().replicas(com.datastax.oss.driver.api.core.uuid.Uuids.timeBased());
      Runtime.getRuntime().halt(0);
    }
  }
}
