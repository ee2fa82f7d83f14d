package io.hibenchdse.core;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/** {@code hibench.jsonl}: every field of every run, one JSON object a line (docs/reports.md#result-records). */
public final class JsonLinesExporter implements ResultExporter {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path file;

  public JsonLinesExporter(Path file) {
    this.file = file;
  }

  @Override
  public void export(RunResult r) throws IOException {
    Results.append(file, toJson(r) + "\n");
  }

  public static String toJson(RunResult r) {
    try {
      return JSON.writeValueAsString(r);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A run read back from one line of the file. */
  public static RunResult fromJson(String line) throws IOException {
    return JSON.readValue(line, RunResult.class);
  }
}
