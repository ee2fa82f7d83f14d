package io.hibenchdse.it.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.File;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.stat.descriptive.rank.Median;

/** What the side-by-side benchmarks share: medians and their JSON output. */
final class Figures {
  private Figures() {}

  static double median(List<Double> values) {
    return new Median().evaluate(values.stream().mapToDouble(Double::doubleValue).toArray());
  }

  /** Writes the figures as indented JSON when a file was asked for. */
  static void write(File json, Map<String, Object> figures) throws IOException {
    if (json != null) {
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(json, figures);
    }
  }
}
