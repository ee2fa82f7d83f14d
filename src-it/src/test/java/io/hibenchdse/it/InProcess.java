package io.hibenchdse.it;

import io.hibenchdse.core.JsonLinesExporter;
import io.hibenchdse.core.Results;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.launcher.Hibench;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** bin/hibench's commands run in the test's JVM, and the records a run left in its report directory. */
final class InProcess {
  /** A command's exit status and what it printed. */
  record Outcome(int status, String out, String err) {}

  private InProcess() {}

  static Outcome hibench(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = Hibench.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Outcome(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** The records of {@code reportDir}'s hibench.jsonl, in order. */
  static List<RunResult> records(Path reportDir) throws IOException {
    List<RunResult> records = new ArrayList<>();
    for (String line : Files.readAllLines(reportDir.resolve(Results.JSON_FILE))) {
      records.add(JsonLinesExporter.fromJson(line));
    }
    return records;
  }
}
