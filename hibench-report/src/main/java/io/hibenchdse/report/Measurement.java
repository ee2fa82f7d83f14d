package io.hibenchdse.report;

import io.hibenchdse.core.HibenchConfigKeys;
import com.fasterxml.jackson.core.JsonProcessingException;
import io.hibenchdse.core.JsonLinesExporter;
import io.hibenchdse.core.Results;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.core.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** One measured run of a suite workload at a profile. */
public record Measurement(String workload, Profile profile, RunResult result) {
  /**
   * The size the run is reported at: its profile, or within it a point of a series of its own
   * (YCSB's {@code --ycsb-records}: {@code 150000-records}).
   */
  public String scale() {
    return result.configuration().getOrDefault(HibenchConfigKeys.SCALE, profile.label());
  }

  /** The run's point of a series ({@code maps=4,reduces=2}), or null where it is no series' run. */
  public String point() {
    RecordedPoint p = recordedPoint();
    return p == null ? null : p.label();
  }

  /** The run's point of a series as its record says it, or null where it is no series' run. */
  public RecordedPoint recordedPoint() {
    return RecordedPoint.read(result.configuration());
  }

  /**
   * Of a Spark workload's run, the MapReduce workload on the same data it is set beside; else null.
   * Records written before the suite named it (through 2026-11) are read by their workload's name.
   */
  public String counterpart() {
    String recorded = result.configuration().get(HibenchConfigKeys.SUITE_COUNTERPART);
    return recorded != null ? recorded : COUNTERPARTS_OF_EARLIER_RECORDS.get(workload);
  }

  /** Under {@code --runs auto}, the precision asked (the interval's half-width in % of the mean time); else null. */
  public Double precisionPct() {
    String asked = result.configuration().get(HibenchConfigKeys.SUITE_PRECISION);
    return asked == null ? null : Double.valueOf(asked);
  }

  /** The pairs as the suite ran them before its records named them: a fixed fact of those records. */
  private static final Map<String, String> COUNTERPARTS_OF_EARLIER_RECORDS = Map.of("spark-wordcount", "wordcount",
      "spark-sort", "sort", "spark-scan", "scan", "spark-aggregation", "aggregation", "spark-join", "join");

  /** The summary's row the run belongs to. */
  public RowKey key() {
    return new RowKey(workload, scale(), point());
  }

  /** In a grid, the row its point is in (its settings but the last), or null. */
  public String seriesRow() {
    RecordedPoint p = recordedPoint();
    return p == null ? null : p.row();
  }

  private int seriesIndex() {
    RecordedPoint p = recordedPoint();
    return p == null ? 0 : p.index();
  }

  /** Its operations a second, where its workload measures operations (a serving phase, YCSB's); else null. */
  public Double operationsPerSecond() {
    return WorkloadSection.of(result).operationsPerSecond(result);
  }

  /** Its mean time an operation took, in microseconds, where its workload measures operations; else null. */
  public Double meanLatencyUs() {
    return WorkloadSection.of(result).meanLatencyUs(result);
  }

  /**
   * The suite's runs in a report directory's {@code hibench.jsonl} (records of other runs left
   * out), a series' points in its order, else the smallest profile (and within it the smallest
   * data) first: it is each workload's baseline.
   */
  public static List<Measurement> read(Path reportDir) throws IOException {
    Path json = reportDir.resolve(Results.JSON_FILE);
    if (!Files.isReadable(json)) {
      throw new UsageException(json + " does not exist");
    }
    List<Measurement> measurements = new ArrayList<>();
    List<String> lines = Files.readAllLines(json);
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).trim().isEmpty()) {
        continue;
      }
      RunResult r;
      try {
        r = JsonLinesExporter.fromJson(lines.get(i));
      } catch (JsonProcessingException e) {
        throw new UsageException(json + " line " + (i + 1) + ": not a result record (" + e.getOriginalMessage() + ")");
      }
      String workload = r.configuration().get(HibenchConfigKeys.SUITE_WORKLOAD);
      String profile = r.configuration().get(HibenchConfigKeys.PROFILE);
      if (workload != null && profile != null) {
        measurements.add(new Measurement(workload, Profile.of(profile), r));
      }
    }
    if (measurements.isEmpty()) {
      throw new UsageException(json + " holds no run of the suite (none has " + HibenchConfigKeys.PROFILE + ")");
    }
    measurements.sort(Comparator.comparingInt(Measurement::seriesIndex).thenComparing(Measurement::profile)
        .thenComparingLong(m -> m.result().inputBytes()));
    return measurements;
  }
}
