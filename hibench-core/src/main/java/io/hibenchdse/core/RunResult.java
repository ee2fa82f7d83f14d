package io.hibenchdse.core;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonAutoDetect.Visibility;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One run of one workload, as written to {@code hibench.jsonl} (docs/reports.md#result-records). Every module reports
 * through this record, so results of all workloads and storage systems compare field by field.
 */
@JsonPropertyOrder({"workload", "type", "startMs", "endMs", "durationSec", "inputBytes",
    "throughputBytesPerSec", "nodes", "throughputPerNode", "fileSystem", "replication", "blockSize",
    "parameters", "configuration", "metrics", "utilization", "counters", "command", "environment", "units"})
@JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE, isGetterVisibility = Visibility.NONE,
    setterVisibility = Visibility.NONE)
public class RunResult {
  /** Command-line name, e.g. {@code wordcount}. */
  private String workload;
  /** The Type column of hibench.report, e.g. {@code HadoopWordcount}. */
  private String type;
  @Figure(Unit.MILLISECONDS)
  private long startMs;
  @Figure(Unit.MILLISECONDS)
  private long endMs;
  @Figure(Unit.SECONDS)
  private double durationSec;
  /** Bytes the run processed: its input, or for a generator what it wrote. */
  @Figure(Unit.BYTES)
  private long inputBytes;
  @Figure(Unit.BYTES_PER_SECOND)
  private double throughputBytesPerSec;
  /** Worker nodes the throughput is shared by ({@code hibench.nodes}, else the cluster's count). */
  @Figure(Unit.COUNT)
  private int nodes;
  @Figure(Unit.BYTES_PER_SECOND)
  private double throughputPerNode;
  /** URI of the file system the workload wrote to. */
  private String fileSystem;
  /** Replication and block size of that file system for the run's output. */
  @Figure(Unit.COUNT)
  private short replication;
  @Figure(Unit.BYTES)
  private long blockSize;
  /** The workload's own options and arguments as the user gave them or as defaulted. */
  private Map<String, Object> parameters = new LinkedHashMap<>();
  /** The Hadoop configuration values that decide what the run measures. */
  private Map<String, String> configuration = new TreeMap<>();
  /**
   * Figures a workload computes beyond time and throughput, e.g. DFSIOE's aggregated throughput:
   * the properties of the workload's own typed figures ({@link #metrics(Object)}), kept as
   * values here so that one record type carries every workload's.
   */
  private Map<String, Object> metrics = new LinkedHashMap<>();
  /**
   * What the run used, per host and per server process, over its own start to end, where a monitor
   * sampled it (the suite, {@code bin/hibench monitor}): the properties of the monitor's typed
   * result (docs/reports.md#utilization).
   */
  @JsonInclude(JsonInclude.Include.NON_EMPTY)
  private Map<String, Object> utilization = new LinkedHashMap<>();
  /** Job counters, by group then name. */
  private Map<String, Map<String, Long>> counters = new TreeMap<>();
  /** The command that reproduces the run: the workload, its {@code -D} settings and its arguments. */
  @JsonInclude(JsonInclude.Include.NON_EMPTY)
  private List<String> command = new ArrayList<>();
  /** The launching machine and software: Hadoop and JVM versions, OS, cores, memory. */
  @JsonInclude(JsonInclude.Include.NON_EMPTY)
  private Map<String, String> environment = new LinkedHashMap<>();
  /**
   * The unit of every figure of the record, by its name: its own (time, bytes, throughput, ...) and
   * those of its metrics and utilization, wherever in them a figure of that name is. A record
   * written before it had this gets its own figures' units when read back.
   */
  private Map<String, Unit> units = new LinkedHashMap<>(OWN_UNITS);

  /** The units of this class's own figures, from their {@link Figure} annotations. */
  private static final Map<String, Unit> OWN_UNITS = ownUnits();

  /** A record read back from its JSON. */
  private RunResult() {}

  private static Map<String, Unit> ownUnits() {
    Map<String, Unit> units = new LinkedHashMap<>();
    // in the JSON's order: the order reflection lists fields in is the JVM's to choose
    for (String name : RunResult.class.getAnnotation(JsonPropertyOrder.class).value()) {
      try {
        Figure figure = RunResult.class.getDeclaredField(name).getAnnotation(Figure.class);
        if (figure != null) {
          units.put(name, figure.value());
        }
      } catch (NoSuchFieldException e) {
        throw new IllegalStateException("@JsonPropertyOrder names " + name + ", which RunResult does not have", e);
      }
    }
    return Collections.unmodifiableMap(units);
  }

  /** The record of a run of {@code workload}, reported as {@code type}; its times, storage and figures follow. */
  public RunResult(String workload, String type) {
    this.workload = workload;
    this.type = type;
  }

  public String workload() {
    return workload;
  }

  public String type() {
    return type;
  }

  /** When the run started, in epoch milliseconds. */
  public long startMs() {
    return startMs;
  }

  /** When the run ended, in epoch milliseconds. */
  public long endMs() {
    return endMs;
  }

  /** The run's measured time in seconds. */
  public double durationSec() {
    return durationSec;
  }

  /** Bytes the run processed: its input, or for a generator what it wrote. */
  public long inputBytes() {
    return inputBytes;
  }

  /** Bytes a second over the measured time. */
  public double throughputBytesPerSec() {
    return throughputBytesPerSec;
  }

  /** Worker nodes the throughput is shared by ({@code hibench.nodes}, else the cluster's count). */
  public int nodes() {
    return nodes;
  }

  /** Bytes a second per worker node. */
  public double throughputPerNode() {
    return throughputPerNode;
  }

  /** URI of the file system (or serving store) the workload wrote to. */
  public String fileSystem() {
    return fileSystem;
  }

  /** Copies the run's output was written with. */
  public short replication() {
    return replication;
  }

  /** Block size in bytes of the run's output. */
  public long blockSize() {
    return blockSize;
  }

  /** The workload's own options and arguments, as the record is assembled and as it was written. */
  public Map<String, Object> parameters() {
    return Collections.unmodifiableMap(parameters);
  }

  /** The configuration values that decide what the run measures, the suite's labels among them. */
  public Map<String, String> configuration() {
    return Collections.unmodifiableMap(configuration);
  }

  /** The workload's own figures as values ({@link #metrics(Class)} reads them typed). */
  public Map<String, Object> metrics() {
    return Collections.unmodifiableMap(metrics);
  }

  /** The utilization as values, empty where no monitor sampled the run ({@link #utilization(Class)} reads it typed). */
  public Map<String, Object> utilization() {
    return Collections.unmodifiableMap(utilization);
  }

  /** Job counters, by group then name: read-only at both levels, as a record's other figures are. */
  public Map<String, Map<String, Long>> counters() {
    Map<String, Map<String, Long>> groups = new TreeMap<>();
    counters.forEach((group, values) -> groups.put(group, Collections.unmodifiableMap(values)));
    return Collections.unmodifiableMap(groups);
  }

  /** The command that reproduces the run. */
  public List<String> command() {
    return Collections.unmodifiableList(command);
  }

  /** Every figure's unit, by the figure's name (docs/reports.md#units). */
  public Map<String, Unit> units() {
    return Collections.unmodifiableMap(units);
  }

  /** The unit of the record's figure {@code name} (its own, its metrics' or its utilization's), or null for a name it has none of. */
  public Unit unit(String name) {
    return units.get(name);
  }

  /** The launching machine and software. */
  public Map<String, String> environment() {
    return Collections.unmodifiableMap(environment);
  }

  /** Adds the workload's option or argument {@code name} with its value. */
  public RunResult parameter(String name, Object value) {
    parameters.put(name, value);
    return this;
  }

  /** Adds a configuration value that decides what the run measures. */
  public RunResult configured(String key, String value) {
    configuration.put(key, value);
    return this;
  }

  /** Adds configuration values that decide what the run measures. */
  public RunResult configured(Map<String, String> values) {
    configuration.putAll(values);
    return this;
  }

  /** Adds a configuration value where the record has none for {@code key}: the default a run left unset. */
  public RunResult configuredUnlessSet(String key, String value) {
    configuration.putIfAbsent(key, value);
    return this;
  }

  /** Sets the job counters of {@code group}, by name. */
  public RunResult counters(String group, Map<String, Long> values) {
    counters.put(group, new TreeMap<>(values));
    return this;
  }

  /** Sets job counters, by group then name. */
  public RunResult counters(Map<String, Map<String, Long>> groups) {
    for (Map.Entry<String, Map<String, Long>> g : groups.entrySet()) {
      counters(g.getKey(), g.getValue());
    }
    return this;
  }

  /** Appends {@code words} to the command that reproduces the run. */
  public RunResult command(List<String> words) {
    command.addAll(words);
    return this;
  }

  /** Adds facts of the launching machine and software. */
  public RunResult environment(Map<String, String> facts) {
    environment.putAll(facts);
    return this;
  }

  /** Sets the storage the run wrote to: its URI, and the replication and block size of the run's output there. */
  public RunResult storedOn(String fileSystem, short replication, long blockSize) {
    this.fileSystem = fileSystem;
    this.replication = replication;
    this.blockSize = blockSize;
    return this;
  }

  /** Sets the times and derives duration and throughputs from them. */
  public RunResult timed(long startMs, long endMs, long durationNanos, long inputBytes, int nodes) {
    this.startMs = startMs;
    this.endMs = endMs;
    this.durationSec = durationNanos / 1e9;
    this.inputBytes = inputBytes;
    this.nodes = nodes;
    this.throughputBytesPerSec = durationSec > 0 ? inputBytes / durationSec : 0;
    this.throughputPerNode = nodes > 0 ? throughputBytesPerSec / nodes : 0;
    return this;
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Adds a workload's typed figures to {@link #metrics}, property by property. */
  public RunResult metrics(Object figures) {
    FigureUnits.merge(units, FigureUnits.of(figures.getClass()), figures.getClass().getName());
    metrics.putAll(JSON.convertValue(figures, new TypeReference<Map<String, Object>>() {}));
    return this;
  }

  /** The metrics as a workload's typed figures, e.g. to read a record back. */
  public <T> T metrics(Class<T> type) {
    return JSON.convertValue(metrics, type);
  }

  /** Sets {@link #utilization} from a monitor's typed result. */
  public RunResult utilization(Object figures) {
    FigureUnits.merge(units, FigureUnits.of(figures.getClass()), figures.getClass().getName());
    utilization.clear();
    utilization.putAll(JSON.convertValue(figures, new TypeReference<Map<String, Object>>() {}));
    return this;
  }

  /** The utilization as the monitor's typed result, or null where the run has none. */
  public <T> T utilization(Class<T> type) {
    return utilization.isEmpty() ? null : JSON.convertValue(utilization, type);
  }

  /** A counter's value, or 0 when the run did not report it. */
  public long counter(String group, String name) {
    Map<String, Long> g = counters.get(group);
    Long v = g == null ? null : g.get(name);
    return v == null ? 0 : v;
  }
}
