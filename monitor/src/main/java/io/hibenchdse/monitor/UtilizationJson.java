package io.hibenchdse.monitor;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;

/** A {@link Utilization} as JSON: its figures under the names records use ({@code hosts}, {@code total}, {@code processes}). */
public final class UtilizationJson {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private UtilizationJson() {}

  public static void write(Utilization u, Path file) throws IOException {
    JSON.writeValue(file.toFile(), u);
  }
}
