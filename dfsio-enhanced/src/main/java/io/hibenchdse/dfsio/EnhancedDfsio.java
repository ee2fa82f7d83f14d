package io.hibenchdse.dfsio;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.hibenchdse.core.JobTool;
import io.hibenchdse.core.FreeSpace;
import io.hibenchdse.core.Results;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.core.TaskFailures;
import io.hibenchdse.core.UsageException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskID;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.NullOutputFormat;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * HiBench's EnhancedDFSIO (docs/workloads.md#enhanceddfsio): one map per file writes or reads it, sampling the bytes moved;
 * the client then reports Hadoop TestDFSIO's classic figures and the aggregated throughput of the
 * steady phase, with the per-slot table as CSV.
 */
@Command(name = EnhancedDfsio.NAME, description = "Measures file system write or read bandwidth (EnhancedDFSIO).")
public class EnhancedDfsio extends JobTool {
  /** The command name: the record's workload and the jar's first argument. */
  public static final String NAME = "dfsioe";

  public static final String ROOT = "test.build.data";
  public static final String DEFAULT_ROOT = "/benchmarks/TestDFSIO-Enh";

  static final class Mode {
    @Option(names = "-write", required = true, description = "Write the files.") boolean write;
    @Option(names = "-read", required = true, description = "Read the files written before.") boolean read;
    @Option(names = "-clean", required = true, description = "Delete the directories the benchmark writes below its root.") boolean clean;
  }

  @ArgGroup(exclusive = true, multiplicity = "1")
  Mode mode;

  @Option(names = "-nrFiles", defaultValue = "1", description = "Files, one map each (default: ${DEFAULT-VALUE}).")
  int nrFiles;

  @Option(names = "-fileSize", defaultValue = "1", description = "MB per file (default: ${DEFAULT-VALUE}).")
  long fileSizeMb;

  @Option(names = "-bufferSize", defaultValue = "1000000", description = "Bytes per write or read call (default: ${DEFAULT-VALUE}).")
  int bufferSize;

  @Option(names = "-resFile", description = "Local file the stock tool's report block is appended to (default: TestDFSIO_results.log in hibench.report.dir).")
  String resFile;

  @Option(names = "-tputFile", description = "Local CSV the stock tool's slot,bytesTotal,bytesChanged rows are appended to; the per-slot table goes beside it as <name>-slots.csv (default: TestDFSIO_tput.csv in hibench.report.dir).")
  String tputFile;

  @Option(names = {"-sampleInterval", "-sampleInteval"}, defaultValue = "500", description = "ms between samples in a map (default: ${DEFAULT-VALUE}).")
  long sampleIntervalMs;

  @Option(names = {"-plotInterval", "-plotInteval"}, description = "ms per time slot (default: the run's length / 50).")
  Long plotIntervalMs;

  @Option(names = "-sampleUnit", defaultValue = "m", description = "Unit of the reported throughput: g, m, k or b (default: ${DEFAULT-VALUE}).")
  String sampleUnit;

  @Option(names = "-sumThreshold", defaultValue = "0.5", description = "Steady slots run at least this share of the peak concurrency (default: ${DEFAULT-VALUE}).")
  double sumThreshold;

  @Option(names = "-tputReportEach", description = "Also write one CSV per file.")
  boolean tputReportEach;

  @Option(names = "-tputReportTotal", description = "Write the CSV of all maps (always done; accepted for HiBench).")
  boolean tputReportTotal;

  @Option(names = "-skipAnalyze", description = "Report only the classic TestDFSIO figures.")
  boolean skipAnalyze;

  /** The directories below the root that DFSIOE writes, and the only ones it deletes. */
  static final String[] OWN_DIRS = {"io_control", "io_data", "io_write", "io_read", "reports"};

  private Path root;

  private String modeName() {
    return mode.write ? "write" : mode.read ? "read" : "clean";
  }

  @Override
  protected String reportType() {
    return "HadoopDfsioe-" + modeName();
  }

  /**
   * The root: {@code test.build.data} from the configuration (-D), else the JVM's system property
   * (HiBench 7 exports it in HADOOP_OPTS), else the stock default.
   */
  private Path root() {
    if (root == null) {
      String configured = getConf().get(ROOT);
      root = new Path(configured != null ? configured : System.getProperty(ROOT, DEFAULT_ROOT));
    }
    return root;
  }

  Path dataDir() {
    return new Path(root(), "io_data");
  }

  private Path attemptsDir() {
    return new Path(root(), mode.write ? "io_write" : "io_read");
  }

  @Override
  protected List<Path> inputs() {
    return mode.read ? Collections.singletonList(dataDir()) : Collections.emptyList();
  }

  /**
   * Writing replaces io_data, reading io_read: directories this tool owns below the root, replaced
   * without -overwrite like the stock tool does (HiBench's prepare-read then run-write needs it).
   * -clean deletes its own directories itself.
   */
  @Override
  protected Path output() {
    return mode.clean ? null : mode.write ? dataDir() : attemptsDir();
  }

  @Override
  protected boolean ownsOutput() {
    return true;
  }

  @Override
  protected List<String> recordedKeys() {
    return Collections.singletonList(ROOT);
  }

  @Override
  protected void validate(Configuration conf) throws Exception {
    if (mode.clean) {
      return;
    }
    if (nrFiles < 1 || fileSizeMb < 1 || bufferSize < 1 || sampleIntervalMs < 1 || (plotIntervalMs != null && plotIntervalMs < 1)) {
      throw new UsageException("-nrFiles, -fileSize, -bufferSize, -sampleInterval and -plotInterval must be positive");
    }
    if (!(sumThreshold > 0 && sumThreshold <= 1)) {
      throw new UsageException("-sumThreshold must be in (0, 1], was " + sumThreshold);
    }
    unitBytes(sampleUnit);
    if (mode.read) {
      checkDataFiles(root().getFileSystem(conf));
    } else {
      FreeSpace.require(conf, dataDir(), (long) nrFiles * (fileSizeMb << 20));
    }
  }

  /** -clean measures nothing: it deletes DFSIOE's own directories. */
  @Override
  protected boolean unmeasured(Configuration conf) throws IOException {
    if (mode.clean) {
      clean(root().getFileSystem(conf));
    }
    return mode.clean;
  }

  @Override
  protected Job createJob(Configuration conf) throws Exception {
    FileSystem fs = root().getFileSystem(conf);
    fs.delete(attemptsDir(), true);
    Path control = new Path(root(), "io_control");
    fs.delete(control, true);
    long bytes = fileSizeMb << 20;
    for (int i = 0; i < nrFiles; i++) {
      try (SequenceFile.Writer w = SequenceFile.createWriter(conf,
          SequenceFile.Writer.file(new Path(control, "in_file_test_io_" + i)),
          SequenceFile.Writer.keyClass(Text.class), SequenceFile.Writer.valueClass(LongWritable.class),
          SequenceFile.Writer.compression(SequenceFile.CompressionType.NONE))) {
        w.append(new Text("test_io_" + i), new LongWritable(bytes));
      }
    }
    Job job = Job.getInstance(conf, "dfsioe-" + modeName());
    job.setJarByClass(EnhancedDfsio.class);
    Configuration jc = job.getConfiguration();
    jc.set(IoMapper.MODE, modeName());
    jc.set(IoMapper.DATA_DIR, fs.makeQualified(dataDir()).toString());
    jc.set(IoMapper.ATTEMPTS_DIR, fs.makeQualified(attemptsDir()).toString());
    jc.setInt(IoMapper.BUFFER_SIZE, bufferSize);
    jc.setLong(IoMapper.SAMPLE_INTERVAL, sampleIntervalMs);
    job.setSpeculativeExecution(false); // a second attempt on the same file would measure twice
    job.setInputFormatClass(SequenceFileInputFormat.class);
    FileInputFormat.setInputPaths(job, control);
    job.setMapperClass(IoMapper.class);
    job.setNumReduceTasks(0);
    job.setOutputFormatClass(NullOutputFormat.class);
    return job;
  }

  /** Deletes DFSIOE's own directories, never the root: the user may keep other files there. */
  private void clean(FileSystem fs) throws IOException {
    List<String> deleted = new ArrayList<>();
    for (String name : OWN_DIRS) {
      Path p = new Path(root(), name);
      if (fs.delete(p, true)) {
        deleted.add(name);
      }
    }
    System.out.println(commandName() + ": " + (deleted.isEmpty() ? "nothing to delete in " + fs.makeQualified(root())
        : "deleted " + String.join(", ", deleted) + " in " + fs.makeQualified(root())));
  }

  /** Reading needs the files a write of the same count and size left. */
  private void checkDataFiles(FileSystem fs) throws IOException {
    long bytes = fileSizeMb << 20;
    for (int i = 0; i < nrFiles; i++) {
      Path p = new Path(dataDir(), "test_io_" + i);
      if (!fs.exists(p)) {
        throw new UsageException(fs.makeQualified(p) + " does not exist; run dfsioe -write with -nrFiles "
            + nrFiles + " -fileSize " + fileSizeMb + " first");
      }
      if (fs.getFileStatus(p).getLen() < bytes) {
        throw new UsageException(fs.makeQualified(p) + " holds " + fs.getFileStatus(p).getLen()
            + " bytes, less than -fileSize " + fileSizeMb + " MB");
      }
    }
  }

  static double unitBytes(String unit) {
    switch (unit.toLowerCase(Locale.ROOT)) {
      case "g": return 1 << 30;
      case "m": return 1 << 20;
      case "k": return 1 << 10;
      case "b": return 1;
      default: throw new UsageException("-sampleUnit must be g, m, k or b, was " + unit);
    }
  }

  @Override
  protected long processedBytes(Job job) throws IOException {
    long bytes = 0;
    for (AttemptSamples s : succeeded(readAttempts(job.getConfiguration()))) {
      bytes += s.bytes;
    }
    return bytes;
  }

  List<AttemptSamples> readAttempts(Configuration conf) throws IOException {
    FileSystem fs = attemptsDir().getFileSystem(conf);
    ObjectMapper json = new ObjectMapper();
    List<AttemptSamples> all = new ArrayList<>();
    for (FileStatus s : fs.listStatus(attemptsDir())) {
      if (s.getPath().getName().endsWith(".json")) {
        try (InputStream in = fs.open(s.getPath())) {
          all.add(json.readValue(in, AttemptSamples.class));
        }
      }
    }
    all.sort(Comparator.comparing((AttemptSamples a) -> a.file).thenComparing(a -> a.attempt));
    return all;
  }

  /**
   * The failed attempts that left no samples: a task JVM killed (kill -9, a lost node) never
   * reaches IoMapper's finally block. The job still lists them; each is named by the file its
   * task's successful attempt wrote or read, and counted with no bytes.
   */
  static List<AttemptSamples> unrecorded(Job job, List<AttemptSamples> recorded) throws IOException, InterruptedException {
    Map<TaskID, String> fileOfTask = new HashMap<>();
    Set<String> known = new HashSet<>();
    for (AttemptSamples a : recorded) {
      known.add(a.attempt);
      fileOfTask.put(TaskAttemptID.forName(a.attempt).getTaskID(), a.file);
    }
    List<AttemptSamples> lost = new ArrayList<>();
    for (Map.Entry<String, String> failed : TaskFailures.failedAttempts(job).entrySet()) {
      if (!known.contains(failed.getKey())) {
        AttemptSamples a = new AttemptSamples();
        a.attempt = failed.getKey();
        a.file = fileOfTask.getOrDefault(TaskAttemptID.forName(a.attempt).getTaskID(), "an unknown file");
        a.error = "its JVM ended without reporting, no samples"
            + (failed.getValue().isEmpty() ? "" : " (" + TaskFailures.firstLine(failed.getValue()) + ")");
        a.times = new long[0];
        a.cumulativeBytes = new long[0];
        lost.add(a);
      }
    }
    return lost;
  }

  private static List<AttemptSamples> succeeded(List<AttemptSamples> all) {
    List<AttemptSamples> ok = new ArrayList<>();
    for (AttemptSamples a : all) {
      if (a.succeeded) {
        ok.add(a);
      }
    }
    return ok;
  }

  @Override
  protected void completed(Job job, RunResult result) throws Exception {
    List<AttemptSamples> all = readAttempts(job.getConfiguration());
    List<AttemptSamples> maps = succeeded(all);
    all.addAll(unrecorded(job, all));
    Map<String, Integer> perFile = new LinkedHashMap<>();
    for (AttemptSamples m : maps) {
      perFile.merge(m.file, 1, Integer::sum);
    }
    if (perFile.size() != nrFiles || maps.size() != nrFiles) {
      throw new IOException("expected one successful attempt for each of " + nrFiles + " files, found "
          + maps.size() + " for " + perFile.size() + " files");
    }
    SteadyPhase phase = skipAnalyze ? null
        : SteadyPhase.analyze(maps, plotIntervalMs != null ? plotIntervalMs : SteadyPhase.autoSlotMs(maps), sumThreshold);
    DfsioeMetrics metrics = DfsioeMetrics.of(all, maps, ClassicMetrics.of(maps, result.durationSec()), phase);
    result.metrics(metrics);
    DfsioeReport report = new DfsioeReport(modeName(), result.endMs(), metrics, maps, phase, sampleUnit, unitBytes(sampleUnit));
    // No steady slot is no failure (the stock tool exits 0 and HiBench's scripts go on): the
    // figure is reported unavailable, with why, and the classic figures stand.
    report.print(System.out);
    java.nio.file.Path res = localFile(resFile, "TestDFSIO_results.log");
    java.nio.file.Path csv = phase == null ? null : localFile(tputFile, "TestDFSIO_tput.csv");
    if (res != null) {
      report.appendTo(res, csv);
    }
    if (csv != null) {
      report.appendStockCsv(csv);
      report.writeCsv(DfsioeReport.slotsCsv(csv));
      if (tputReportEach) {
        report.writeCsvPerFile(csv);
      }
    }
  }

  /** The file an option names, else {@code defaultName} in the report directory when there is one. */
  private java.nio.file.Path localFile(String option, String defaultName) throws IOException {
    if (option != null) {
      return java.nio.file.Paths.get(option);
    }
    if (!Results.reporting(getConf())) {
      return null;
    }
    java.nio.file.Path dir = Results.reportDir(getConf());
    java.nio.file.Files.createDirectories(dir);
    return dir.resolve(defaultName);
  }
}
