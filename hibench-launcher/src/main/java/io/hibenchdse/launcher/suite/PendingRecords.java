package io.hibenchdse.launcher.suite;

import io.hibenchdse.core.Results;
import io.hibenchdse.core.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileUtil;

/**
 * A directory where the records of a step (or of a command under {@code bin/hibench monitor}) wait
 * until the launcher knows what its monitor saw over them: then each goes to the report directory
 * once, whole, with its utilization, so {@code hibench.jsonl} only ever grows by complete records.
 * The tools write here when {@code hibench.report.records.dir} (or {@code HIBENCH_RECORDS_DIR})
 * names it.
 */
public final class PendingRecords implements AutoCloseable {
  private final Path dir;

  private PendingRecords(Path dir) {
    this.dir = dir;
  }

  /** A new, empty directory under {@code parent}. */
  public static PendingRecords under(Path parent) throws IOException {
    Files.createDirectories(parent);
    return new PendingRecords(Files.createTempDirectory(parent, "records-"));
  }

  public Path dir() {
    return dir;
  }

  /**
   * Writes every record waiting here to {@code reportDir}, each with what {@code sampled} saw over
   * its time when the run was monitored and with the launcher's {@code labels}; returns them as
   * written.
   */
  public List<RunResult> publish(Path reportDir, RunMonitor.Finished sampled, Map<String, String> labels) throws IOException {
    List<RunResult> published = new ArrayList<>();
    for (RunResult r : Results.since(dir, 0)) {
      RunResult whole = (sampled == null ? r : sampled.sampled(r)).configured(labels);
      Results.publishTo(reportDir, whole);
      published.add(whole);
    }
    return published;
  }

  /** Removes the directory and whatever still waits in it: a failed step's records are no results. */
  @Override
  public void close() {
    FileUtil.fullyDelete(dir.toFile());
  }
}
