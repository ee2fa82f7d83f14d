package io.hibenchdse.launcher.suite;

import io.hibenchdse.report.RowKey;
import io.hibenchdse.report.RecordedPoint;
import io.hibenchdse.report.Profile;
import io.hibenchdse.launcher.deployment.WriteAck;
import io.hibenchdse.launcher.deployment.Deployment;
import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.core.UsageException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.Option;

/** What to run: shared by {@code run} (embedded) and {@code plan} (for a real cluster). */
public final class SuiteOptions {
  @Option(names = "--profile", split = ",", defaultValue = "tiny", paramLabel = "tiny|small|large|...",
      description = "Data scale profiles, comma-separated; the smallest is the baseline of the deltas (default: ${DEFAULT-VALUE}).")
  public List<String> profiles;

  @Option(names = "--benchmarks", defaultValue = "conf/benchmarks.lst", paramLabel = "FILE",
      description = "Workloads to run, one a line (default: ${DEFAULT-VALUE}).")
  Path benchmarks;

  @Option(names = "--runs", defaultValue = "3", paramLabel = "N|auto[:MAX]", description = "Measured runs of each workload, each on"
      + " fresh data; auto: until the 95%% interval of its mean time is within --precision of the mean, at least 3 runs and at"
      + " most MAX (10) (default: ${DEFAULT-VALUE}).")
  String runs;

  @Option(names = "--precision", paramLabel = "PCT", description = "With --runs auto: the 95%% interval's half-width, in percent"
      + " of the mean time, at which a workload's runs stop (default: 5).")
  Double precision;

  @Option(names = "--warmup", defaultValue = "1", description = "Unreported warm-up runs before them (default: ${DEFAULT-VALUE}).")
  public int warmup;

  @Option(names = "--maps", description = "Map tasks a run asks for (HiBench's NUM_MAPS; default: cores).")
  Integer maps;

  @Option(names = "--reduces", description = "Reduce tasks (HiBench's NUM_REDS; default: cores).")
  Integer reduces;

  @Option(names = "--replication", description = "Replication: TPCx-HS's -replication, and on cfs:// the keyspace's (default: 3; in `run`, the nodes up to 3).")
  public Integer replication;

  @Option(names = "--ycsb-workloads", defaultValue = "conf/ycsb", paramLabel = "DIR",
      description = "YCSB's workload files (workloada ... workloadf) for the ycsb-* steps (default: ${DEFAULT-VALUE}).")
  Path ycsbWorkloads;

  @Option(names = "--ycsb-records", split = ",", paramLabel = "N[,N...]",
      description = "YCSB's record and operation counts, a series reported point by point in place of the profile's,"
      + " smallest first: the first is the baseline (the reference report's: 100000,150000,200000,250000,300000).")
  List<Long> ycsbRecords = new ArrayList<>();

  @Option(names = "--durability", defaultValue = "memory", paramLabel = "memory|disk",
      description = "What the serving stores' writes reach before they are acknowledged, the same for Cassandra and HBase:"
      + " the replicas' memory (Cassandra's periodic commit log, HBase's hflushed WAL) or their disks (a synced commit log,"
      + " HBase's FSYNC_WAL with hbase.wal.hsync) (default: ${DEFAULT-VALUE}).")
  public WriteAck writeAck;

  @Option(names = "--vary", paramLabel = "KEY=V1,V2,...", description = "A series: the runs repeated at each value, every"
      + " point its own row with deltas against the first; repeatable, lists of equal length varied together (maps=3,4,6,12"
      + " with reduces=1,2,2,4). Keys: maps, reduces, size (bytes, 64m), files (DFSIOE's, at the same total), records and"
      + " threads (YCSB's), replication, profile, nodes, hosts, link.")
  List<String> vary = new ArrayList<>();

  @Option(names = "--grid", description = "With --vary: every combination of the lists instead, the first varying slowest.")
  boolean grid;

  @Option(names = "--root", defaultValue = "/HiBench", description = "Data directory on the file system (default: ${DEFAULT-VALUE}).")
  String root;

  /** The measured runs planned for each workload: {@code --runs N}, or auto's most. */
  public int runs() {
    Precision auto = precision();
    if (auto != null) {
      return auto.maxRuns();
    }
    try {
      return Integer.parseInt(runs);
    } catch (NumberFormatException e) {
      throw new UsageException("--runs takes a count or auto[:MAX], not '" + runs + "'");
    }
  }

  /** With {@code --runs auto[:MAX]}, when a workload's runs stop; else null. */
  public Precision precision() {
    if (!runs.startsWith("auto")) {
      if (precision != null) {
        throw new UsageException("--precision says when --runs auto stops; give --runs auto[:MAX]");
      }
      return null;
    }
    int max = Precision.DEFAULT_MAX_RUNS;
    if (!runs.equals("auto")) {
      if (!runs.matches("auto:\\d{1,4}")) {
        throw new UsageException("--runs takes a count or auto[:MAX], not '" + runs + "'");
      }
      max = Integer.parseInt(runs.substring("auto:".length()));
    }
    if (max < Precision.MIN_RUNS) {
      throw new UsageException("--runs auto:" + max + " stops before the " + Precision.MIN_RUNS + " runs an interval is judged on");
    }
    double pct = precision == null ? 5 : precision;
    if (!(pct > 0)) {
      throw new UsageException("--precision must be above 0 percent, not " + precision);
    }
    return new Precision(max, pct);
  }

  public List<Profile> profiles() {
    List<Profile> list = new ArrayList<>();
    for (String p : profiles) {
      list.add(Profile.of(p.trim()));
    }
    list.sort(null);
    return list;
  }

  List<SuiteWorkload> workloads() throws IOException {
    return Suite.readList(benchmarks);
  }

  /**
   * The series {@code --vary} and {@code --grid} make (one point without them), checked with the
   * options that would say the same thing twice.
   */
  public Series series() {
    Series series = Series.of(vary, grid);
    if (!vary.isEmpty()) {
      if (profiles.size() > 1 || series.varies(SeriesKey.PROFILE) && !profiles.equals(List.of(Profile.TINY.label()))) {
        throw new UsageException("--profile and --vary both make a series: give the profiles as --vary profile=tiny,small");
      }
      if (!ycsbRecords.isEmpty()) {
        throw new UsageException("--ycsb-records and --vary both make a series: give --vary records=N,N,...");
      }
      refuseBoth(series, SeriesKey.MAPS, maps, "--maps");
      refuseBoth(series, SeriesKey.REDUCES, reduces, "--reduces");
      refuseBoth(series, SeriesKey.REPLICATION, replication, "--replication");
    }
    return series;
  }

  private static void refuseBoth(Series series, SeriesKey key, Integer option, String name) {
    if (series.varies(key) && option != null) {
      throw new UsageException(name + " and --vary " + key.label() + " both set it: give one");
    }
  }

  /** What is said once before a series runs: the varied keys some listed workloads do not take. */
  public List<String> seriesNotes(Series series) throws IOException {
    return series.skipped(workloads());
  }

  /** The listed workloads that need a serving store, which {@code deployment} has none of: the plan leaves them out. */
  public List<String> unserved(Deployment deployment) throws IOException {
    return deployment.servingStore() != null ? List.of()
        : workloads().stream().filter(SuiteWorkload::served).map(SuiteWorkload::suiteName).toList();
  }

  SuiteWorkload.Context context(Deployment deployment, SeriesPoint point) {
    int cores = Runtime.getRuntime().availableProcessors();
    int m = point.count(SeriesKey.MAPS) != null ? point.count(SeriesKey.MAPS) : maps == null ? cores : maps;
    int r = point.count(SeriesKey.REDUCES) != null ? point.count(SeriesKey.REDUCES) : reduces == null ? cores : reduces;
    int rep = deployment.replication();
    if (m < 1 || r < 1 || rep < 1 || runs() < 1 || warmup < 0 || ycsbRecords.stream().anyMatch(n -> n < 1)) {
      throw new UsageException("--maps, --reduces, --replication, --runs and --ycsb-records must be at least 1 and --warmup at least 0");
    }
    return new SuiteWorkload.Context(m, r, rep, ycsbWorkloads, List.copyOf(ycsbRecords), deployment.servingStore(),
        deployment.writeAck(), point.get(SeriesKey.SIZE) == null ? null : SeriesKey.bytes(point.get(SeriesKey.SIZE)),
        point.count(SeriesKey.FILES), point.count(SeriesKey.RECORDS) == null ? null : (long) point.count(SeriesKey.RECORDS),
        point.count(SeriesKey.THREADS));
  }

  /**
   * The steps of one point of a series on {@code deployment}, in order: per profile and workload,
   * the warm-up runs (none for a workload that warms up in each run), then the measured runs; YCSB's
   * workloads only where the deployment has a serving store. Only
   * the workloads whose view of the point (the keys they take) {@code planned} does not hold yet
   * are planned, so a workload that does not take a varied key runs once for each value of the
   * others. Each step is labelled with its point.
   */
  public List<PlannedStep> plan(Deployment deployment, SeriesPoint point, Set<RowKey> planned) throws IOException {
    List<PlannedStep> steps = new ArrayList<>();
    Precision auto = precision();
    List<Profile> list = point.get(SeriesKey.PROFILE) != null ? List.of(Profile.of(point.get(SeriesKey.PROFILE))) : profiles();
    for (Profile profile : list) {
      for (SuiteWorkload w : workloads()) {
        if (w.served() && deployment.servingStore() == null) {
          continue;
        }
        SeriesPoint own = point.of(w);
        if (!planned.add(new RowKey(w.suiteName(), profile.label(), own.label()))) {
          continue;
        }
        SuiteWorkload.Context par = context(deployment, own);
        int warmups = w.warmsUpEachRun() ? 0 : warmup;
        for (int run = 0; run < warmups + runs(); run++) {
          for (Step s : w.steps(profile, deployment.dataRoot(root), par, run)) {
            Step labelled = s.withOption(HibenchConfigKeys.SUITE_WORKLOAD, s.suiteWorkload()).withOption(HibenchConfigKeys.PROFILE, profile.label());
            if (w.counterpart() != null) {
              labelled = labelled.withOption(HibenchConfigKeys.SUITE_COUNTERPART, w.counterpart().suiteName());
            }
            if (auto != null) {
              labelled = labelled.withOption(HibenchConfigKeys.SUITE_PRECISION, Double.toString(auto.percent()));
            }
            RecordedPoint recorded = own.recorded();
            if (recorded != null) {
              for (Map.Entry<String, String> label : recorded.labels().entrySet()) {
                labelled = labelled.withOption(label.getKey(), label.getValue());
              }
            }
            boolean warmupRun = run < warmups;
            steps.add(new PlannedStep(profile, w.suiteName(), own.label(), warmupRun ? run + 1 : run - warmups + 1, warmupRun, labelled));
          }
        }
      }
    }
    return steps;
  }

  /**
   * A step in its place: profile, the workload of the list it is a step of and its series point
   * (empty outside a series), run number (from 1, warm-up runs and measured ones apart) and whether
   * its run is a warm-up.
   */
  public record PlannedStep(Profile profile, String workload, String point, int run, boolean warmup, Step step) {
    /** The runs it belongs to: its workload's at its profile and series point. */
    String runsOf() {
      return workload + " " + profile.label() + (point.isEmpty() ? "" : " " + point);
    }

    /** Steps whose result belongs in hibench.report: measured steps of measured runs. */
    public boolean reported() {
      return step.measured() && !warmup;
    }

    /** {@code measure}, {@code warmup} (of a warm-up run, or a warm-up step) or {@code prepare}, as the plan lists it. */
    public String kind() {
      return reported() ? "measure" : warmup || step.role() == Step.Role.WARMUP ? "warmup" : "prepare";
    }
  }
}
