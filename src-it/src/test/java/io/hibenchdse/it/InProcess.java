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
  record Outcome(int status, String out, String err) {
    private static final java.util.regex.Pattern TRACE = java.util.regex.Pattern.compile("full trace in (.+?)\\)$", java.util.regex.Pattern.MULTILINE);

    /**
     * What the command printed and, where a failure line names its trace file, the file: a CI log
     * keeps only an assertion's message, and the trace stays on the machine that ran it.
     */
    String said() {
      StringBuilder said = new StringBuilder(out).append(err);
      java.util.regex.Matcher m = TRACE.matcher(err);
      while (m.find()) {
        Path trace = Path.of(m.group(1));
        said.append("\n--- ").append(trace).append(":\n");
        try {
          said.append(Files.readString(trace));
        } catch (IOException e) {
          said.append("unreadable: ").append(e.getMessage());
        }
      }
      return said.toString();
    }

    @Override
    public String toString() {
      return "exit " + status + ": " + said();
    }
  }

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
