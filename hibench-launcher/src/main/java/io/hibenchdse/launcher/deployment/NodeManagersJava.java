package io.hibenchdse.launcher.deployment;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The Java each of a user's NodeManagers runs, as its own JMX servlet says
 * ({@code /jmx?qry=java.lang:type=Runtime}, the {@code SpecVersion} of its JVM): YARN's containers
 * start on the NodeManager's {@code JAVA_HOME} unless an application says otherwise, and Spark 4's
 * executors and application master need Java 17. A NodeManager whose servlet does not answer (a
 * secured web UI) is unknown, never refused.
 */
record NodeManagersJava(Map<String, Integer> byHost, Map<String, String> unknown) {
  /** The Java release Spark 4 runs on. */
  static final int SPARK_NEEDS = 17;

  private static final String QUERY = "/jmx?qry=java.lang:type=Runtime";

  /** Asks each NodeManager's web address ({@code host:port}) with {@code scheme} ({@code http://}), waiting at most {@code timeoutMs} each. */
  static NodeManagersJava ask(List<String> webAddresses, String scheme, int timeoutMs) {
    Map<String, Integer> byHost = new TreeMap<>();
    Map<String, String> unknown = new TreeMap<>();
    for (String address : webAddresses) {
      String url = scheme + address + QUERY;
      try {
        JsonNode version = UserCluster.json(url, timeoutMs).path("beans").path(0).path("SpecVersion");
        if (version.isMissingNode()) {
          unknown.put(address, url + " has no SpecVersion");
        } else {
          byHost.put(address, release(version.asText()));
        }
      } catch (IOException | RuntimeException e) {
        unknown.put(address, url + ": " + UserCluster.firstLine(e));
      }
    }
    return new NodeManagersJava(byHost, unknown);
  }

  /** A Java specification version's release: {@code 17}, {@code 11}, and {@code 1.8} as 8. */
  static int release(String specVersion) {
    String v = specVersion.trim();
    return Integer.parseInt(v.startsWith("1.") ? v.substring(2) : v.replaceFirst("\\..*", ""));
  }

  /** For the records: the releases the NodeManagers run ({@code 17}; {@code 11, 17}), or why they are not known. */
  String describe() {
    TreeSet<Integer> releases = new TreeSet<>(byHost.values());
    String known = String.join(", ", releases.stream().map(String::valueOf).toList());
    if (unknown.isEmpty()) {
      return known;
    }
    Map.Entry<String, String> first = unknown.entrySet().iterator().next();
    return (known.isEmpty() ? "" : known + "; ") + "unknown on " + unknown.size() + " (" + first.getValue() + ")";
  }

  /** The NodeManager with the oldest Java, where it is older than Spark's, as a line: where and which. */
  Optional<String> tooOldForSpark() {
    return byHost.entrySet().stream().filter(e -> e.getValue() < SPARK_NEEDS).min(Map.Entry.comparingByValue())
        .map(e -> "the NodeManager at " + e.getKey() + " runs Java " + e.getValue());
  }
}
