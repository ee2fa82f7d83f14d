package io.hibenchdse.spark;

import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * The settings a configuration was given: its entries whose value did not come from Hadoop's
 * default files. What a Spark JVM is handed and what its records keep; MapReduce's defaults decide
 * nothing about a Spark run.
 */
final class GivenSettings {
  private GivenSettings() {}

  static Configuration of(Configuration conf) {
    Configuration given = new Configuration(false);
    for (Map.Entry<String, String> e : conf) {
      String[] sources = conf.getPropertySources(e.getKey());
      if (sources == null || !sources[sources.length - 1].endsWith("-default.xml")) {
        given.set(e.getKey(), e.getValue());
      }
    }
    return given;
  }
}
