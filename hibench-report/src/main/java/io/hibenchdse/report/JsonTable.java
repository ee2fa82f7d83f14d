package io.hibenchdse.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** A report table as JSON: its rows, every field of each, as Jackson writes records. */
public final class JsonTable {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private JsonTable() {}

  public static void write(List<?> rows, Path file) throws IOException {
    JSON.writeValue(file.toFile(), rows);
  }
}
