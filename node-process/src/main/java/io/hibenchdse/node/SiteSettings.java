package io.hibenchdse.node;

import java.util.Map;
import java.util.TreeMap;

/**
 * Hadoop settings given as system properties {@code hibench.site.KEY=VALUE}, added after the
 * suite's own to every configuration of the daemons it starts (the embedded HDFS, the hosts' site
 * files, HBase, Hive, Spark) and of their clients. They reach every JVM the suite starts, as
 * {@link ChildJvm} hands {@code -Dhibench.*} on. The tests use them for intervals that only add
 * waiting (heartbeats, a file close's first retry); a user's runs keep Hadoop's defaults. One
 * property a setting, so nothing in a value needs a separator a shell would split at.
 */
public final class SiteSettings {
  /** The system properties' prefix. */
  public static final String PREFIX = "hibench.site.";

  private SiteSettings() {}

  /** Each setting's Hadoop key and value; none when no such property is set. */
  public static Map<String, String> all() {
    Map<String, String> settings = new TreeMap<>();
    for (String name : System.getProperties().stringPropertyNames()) {
      if (name.startsWith(PREFIX)) {
        settings.put(name.substring(PREFIX.length()), System.getProperty(name));
      }
    }
    return settings;
  }
}
