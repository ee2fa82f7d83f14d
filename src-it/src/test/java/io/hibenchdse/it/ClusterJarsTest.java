package io.hibenchdse.it;

import static io.hibenchdse.it.StockScriptLines.HOME;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the cluster jars carry: Java 8 bytecode in every class, shaded ones included (DSE 5 and
 * Hadoop 2.7 clusters run Java 8), and of Hadoop's own classes only TeraGen's generator, which
 * every Hadoop line runs (the rest of Hadoop 3.4's terasort package calls 3.3+ API); and the suite's
 * jars of tools are those the build writes.
 */
class ClusterJarsTest {
  static final int JAVA_8 = 52;
  static final Pattern BUNDLED_HADOOP = Pattern.compile(
      "org/apache/hadoop/examples/terasort/(TeraGen(\\$.*)?|GenSort|Random16(\\$.*)?|Unsigned16)\\.class");

  @ParameterizedTest
  @ValueSource(strings = {"hibench-core/target/hibench-core.jar", "dfsio-enhanced/target/dfsio-enhanced.jar",
      "tpcx-hs/target/tpcx-hs.jar", "hive-queries/hive-datagen/target/hive-datagen.jar", "cfs-adapter/target/cfs-adapter.jar",
      "datatools/target/datatools.jar", "examples/target/examples.jar"})
  void java8BytecodeAndNoNewerHadoop(String jar) throws Exception {
    List<String> newer = new ArrayList<>();
    List<String> hadoop = new ArrayList<>();
    int classes = 0;
    try (ZipFile zip = new ZipFile(HOME.resolve(jar).toFile())) {
      for (ZipEntry e : Collections.list(zip.entries())) {
        if (!e.getName().endsWith(".class")) {
          continue;
        }
        classes++;
        try (DataInputStream in = new DataInputStream(zip.getInputStream(e))) {
          assertEquals(0xCAFEBABE, in.readInt(), e.getName());
          in.readUnsignedShort(); // minor
          int major = in.readUnsignedShort();
          if (major > JAVA_8) {
            newer.add(e.getName() + " (class file version " + major + ")");
          }
        }
        if (e.getName().startsWith("org/apache/hadoop/") && !BUNDLED_HADOOP.matcher(e.getName()).matches()) {
          hadoop.add(e.getName());
        }
      }
    }
    assertTrue(classes > 100, jar + " holds " + classes + " classes");
    assertEquals(List.of(), newer, jar + ": classes newer than Java 8");
    assertEquals(List.of(), hadoop, jar + ": Hadoop classes beyond TeraGen's generator");
  }

  /**
   * Each of the suite's jars names a module's artifact as its build writes it: a jar of Hadoop
   * tools the cluster jar {@code ARTIFACT.jar}, which --submit hands a user's client; the Hive,
   * Spark and YCSB runners' their module's own {@code ARTIFACT-VERSION.jar}.
   */
  @org.junit.jupiter.api.Test
  void everySuiteJarIsAJarTheBuildWrites() throws Exception {
    for (io.hibenchdse.launcher.suite.SuiteJar jar : io.hibenchdse.launcher.suite.SuiteJar.values()) {
      Pattern name = Pattern.compile(Pattern.quote(jar.artifact())
          + (jar.runner() == io.hibenchdse.launcher.suite.SuiteJar.Runner.HADOOP ? "" : "-\\d[\\w.-]*") + "\\.jar");
      try (java.util.stream.Stream<java.nio.file.Path> built = java.nio.file.Files.find(HOME, 4, (f, a) ->
          name.matcher(f.getFileName().toString()).matches() && f.getParent().getFileName().toString().equals("target"))) {
        assertTrue(built.findAny().isPresent(), jar + ": " + name + " is written by no module's build");
      }
    }
  }
}
