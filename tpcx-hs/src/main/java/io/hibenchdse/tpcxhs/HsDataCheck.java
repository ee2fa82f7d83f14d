package io.hibenchdse.tpcxhs;

import io.hibenchdse.core.ClusterNodes;
import io.hibenchdse.core.BenchmarkTool;
import io.hibenchdse.core.CleanStop;
import io.hibenchdse.core.Figure;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.core.Unit;
import java.io.IOException;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Checks a data set against what was asked (the kit's HSDataCheck only lists the files): every
 * data file whole records with the expected replication, and together exactly the expected
 * records and bytes. Any mismatch fails the run with a line naming the file. It is a listing, not
 * a job: the measured time is the listing's.
 */
@Command(name = HsDataCheck.NAME, description = "Checks record count, size and replication of a data set.")
public class HsDataCheck extends BenchmarkTool {
  /** The command name: the record's workload and the jar's first argument. */
  public static final String NAME = "hsdatacheck";

  @Mixin ScaleOptions size;

  @Option(names = "-replication", defaultValue = "3", description = "Expected replication of every file (default: ${DEFAULT-VALUE}).")
  short replication;

  @Parameters(index = "0", paramLabel = "<dir>", description = "Data directory to check.")
  Path dir;

  @Override
  protected List<Path> inputs() {
    return Collections.singletonList(dir);
  }

  @Override
  protected Path output() {
    return null;
  }

  private ScaleFactor scale;

  /** What the check found, all as expected. */
  public static class Metrics {
    public String directory;
    @Figure(Unit.COUNT)
    public int files;
    @Figure(Unit.COUNT)
    public long records;
  }

  @Override
  protected void validate(Configuration conf) {
    scale = size.scale();
  }

  @Override
  protected RunResult measure(Configuration conf, CleanStop.Run stop) throws Exception {
    long startMs = System.currentTimeMillis();
    long t0 = System.nanoTime();
    FileSystem fs = dir.getFileSystem(conf);
    long bytes = 0;
    int files = 0;
    for (FileStatus f : Records.wholeFiles(conf, inputs())) {
      files++;
      if (f.getReplication() != replication) {
        throw new IOException(f.getPath() + " has replication " + f.getReplication() + ", expected " + replication);
      }
      bytes += f.getLen();
    }
    long expected = scale.rows * Records.LENGTH;
    if (bytes != expected) {
      throw new IOException(fs.makeQualified(dir) + " holds " + bytes / Records.LENGTH + " records (" + bytes
          + " bytes) in " + files + " files, expected " + scale.rows + " (" + expected + " bytes)");
    }
    long nanos = System.nanoTime() - t0;
    RunResult r = newResult(conf, dir);
    r.storedOn(r.fileSystem(), replication, r.blockSize());
    Metrics m = new Metrics();
    m.directory = fs.makeQualified(dir).toString();
    m.files = files;
    m.records = scale.rows;
    return r.metrics(m).timed(startMs, System.currentTimeMillis(), nanos, bytes, ClusterNodes.count(conf));
  }

  @Override
  protected void printResult(Configuration conf, RunResult r) {
    Metrics m = r.metrics(Metrics.class);
    System.out.printf("%s: %s: %d files, %d records, %d bytes, replication %d: as expected%n",
        commandName(), m.directory, m.files, m.records, r.inputBytes(), r.replication());
  }
}
