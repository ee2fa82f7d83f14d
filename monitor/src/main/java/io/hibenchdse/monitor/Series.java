package io.hibenchdse.monitor;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The samples of a monitored time, one per host (or process) and interval, and their summary over
 * any part of it ({@link #over}): a record's figures are those of its own start to end.
 */
public final class Series {
  /** A host's figures over the interval that ended at {@code endMs}. */
  public record HostSample(String host, long endMs, HostFigures figures) {
    public long startMs() {
      return endMs - Math.round(figures.durationSec() * 1000);
    }
  }

  /** A process's figures over the interval that ended at {@code endMs}. */
  public record ProcessSample(String name, long endMs, ProcessFigures figures) {
    public long startMs() {
      return endMs - Math.round(figures.durationSec() * 1000);
    }
  }

  private final List<HostSample> hostSamples = new ArrayList<>();
  private final List<ProcessSample> processSamples = new ArrayList<>();
  private final Map<String, HostCounters> lastHost = new HashMap<>();
  private final Map<String, ProcessCounters> lastProcess = new HashMap<>();
  private final Map<String, String> notSampled = new LinkedHashMap<>();
  private final double ticksPerSec;
  private final int cores;

  /** A series of a machine whose CPU counts {@code ticksPerSec} ticks a second on each of {@code cores} cores. */
  Series(double ticksPerSec, int cores) {
    this.ticksPerSec = ticksPerSec;
    this.cores = cores;
  }

  synchronized void add(ProcReading r) {
    HostCounters now = HostCounters.parse(r);
    HostCounters before = lastHost.put(r.host(), now);
    if (before != null && now.epochNanos() > before.epochNanos()) {
      hostSamples.add(new HostSample(r.host(), now.epochNanos() / 1_000_000L, now.since(before)));
    }
  }

  /** Whether {@code name} has been read before. */
  synchronized boolean known(String name) {
    return lastProcess.containsKey(name);
  }

  synchronized void add(WatchedProcess p, ProcessCounters now) {
    ProcessCounters before = lastProcess.put(p.name(), now);
    if (before != null && now.epochNanos() > before.epochNanos()) {
      processSamples.add(new ProcessSample(p.name(), now.epochNanos() / 1_000_000L,
          now.since(before, p.name(), p.handle().pid(), ticksPerSec, cores)));
    }
  }

  synchronized void notSampled(String host, String why) {
    notSampled.put(host, why);
  }

  public synchronized List<HostSample> hostSamples() {
    return List.copyOf(hostSamples);
  }

  public synchronized List<ProcessSample> processSamples() {
    return List.copyOf(processSamples);
  }

  /** The whole series summed up. */
  public Utilization whole() {
    return over(Long.MIN_VALUE, Long.MAX_VALUE);
  }

  /**
   * The figures of the time from {@code fromMs} to {@code toMs}: each sample weighted by how much
   * of its interval falls in that time (await by its requests too).
   */
  public synchronized Utilization over(long fromMs, long toMs) {
    Map<String, List<HostSample>> byHost = new LinkedHashMap<>();
    Map<String, List<Double>> hostWeights = new HashMap<>();
    for (HostSample s : hostSamples) {
      double w = overlap(s.endMs, s.figures.durationSec(), fromMs, toMs);
      if (w > 0) {
        byHost.computeIfAbsent(s.host, h -> new ArrayList<>()).add(s);
        hostWeights.computeIfAbsent(s.host, h -> new ArrayList<>()).add(w);
      }
    }
    Map<String, HostFigures> hosts = new LinkedHashMap<>();
    byHost.forEach((host, own) -> hosts.put(host, mean(own, hostWeights.get(host))));
    Map<String, ProcessFigures> processes = new LinkedHashMap<>();
    Map<String, List<ProcessSample>> byProcess = new LinkedHashMap<>();
    for (ProcessSample s : processSamples) {
      if (overlap(s.endMs, s.figures.durationSec(), fromMs, toMs) > 0) {
        byProcess.computeIfAbsent(s.name, n -> new ArrayList<>()).add(s);
      }
    }
    byProcess.forEach((name, own) -> {
      double[] w = own.stream().mapToDouble(s -> overlap(s.endMs, s.figures.durationSec(), fromMs, toMs)).toArray();
      ProcessFigures first = own.get(0).figures;
      processes.put(name, new ProcessFigures(name, first.pid(), weighted(own, w, s -> s.figures.cpuPct()),
          weighted(own, w, s -> s.figures.rssMB()), weighted(own, w, s -> s.figures.readKBps()),
          weighted(own, w, s -> s.figures.writeKBps()), sum(w)));
    });
    double duration = hosts.values().stream().mapToDouble(HostFigures::durationSec).max()
        .orElse(processes.values().stream().mapToDouble(ProcessFigures::durationSec).max().orElse(0));
    return new Utilization(duration, hosts, total(hosts.values()), processes, new LinkedHashMap<>(notSampled));
  }

  /**
   * The seconds of a sample of {@code durationSec} ending at {@code endMs} that fall from {@code from}
   * to {@code to}: a sample wholly inside weighs its exact length, not one rounded to milliseconds,
   * so its rate times its weight gives back its counters' difference (a short sample's rounding
   * was a fraction of a percent of its bytes).
   */
  private static double overlap(long endMs, double durationSec, long from, long to) {
    double start = endMs - durationSec * 1000;
    return start >= from && endMs <= to ? durationSec : Math.max(0, Math.min(endMs, to) - Math.max(start, from)) / 1000.0;
  }

  private static <T> double weighted(List<T> samples, double[] w, ToDoubleFunction<T> f) {
    double sum = 0;
    for (int i = 0; i < w.length; i++) {
      sum += w[i] * f.applyAsDouble(samples.get(i));
    }
    double total = sum(w);
    return total == 0 ? 0 : sum / total;
  }

  private static double sum(double[] w) {
    double s = 0;
    for (double x : w) {
      s += x;
    }
    return s;
  }

  private static HostFigures mean(List<HostSample> samples, List<Double> weightList) {
    double[] w = weightList.stream().mapToDouble(Double::doubleValue).toArray();
    double[] ios = new double[w.length];
    for (int i = 0; i < w.length; i++) {
      HostFigures f = samples.get(i).figures;
      ios[i] = w[i] * (f.diskReadsPerSec() + f.diskWritesPerSec());
    }
    return new HostFigures(weighted(samples, w, s -> s.figures.cpuUserPct()), weighted(samples, w, s -> s.figures.cpuSystemPct()),
        weighted(samples, w, s -> s.figures.cpuIowaitPct()), weighted(samples, w, s -> s.figures.contextSwitchesPerSec()),
        weighted(samples, w, s -> s.figures.memoryUsedPct()), weighted(samples, w, s -> s.figures.netRxKBps()),
        weighted(samples, w, s -> s.figures.netTxKBps()), weighted(samples, w, s -> s.figures.loRxKBps()),
        weighted(samples, w, s -> s.figures.loTxKBps()), weighted(samples, w, s -> s.figures.diskReadKBps()),
        weighted(samples, w, s -> s.figures.diskWriteKBps()), weighted(samples, w, s -> s.figures.diskReadsPerSec()),
        weighted(samples, w, s -> s.figures.diskWritesPerSec()), weighted(samples, ios, s -> s.figures.ioAwaitMs()), sum(w));
  }

  /** All hosts together: CPU, memory and await as their mean, every rate as their sum. */
  static HostFigures total(java.util.Collection<HostFigures> hosts) {
    int n = Math.max(1, hosts.size());
    double[] t = new double[15];
    for (HostFigures f : hosts) {
      double[] v = {f.cpuUserPct() / n, f.cpuSystemPct() / n, f.cpuIowaitPct() / n, f.contextSwitchesPerSec(), f.memoryUsedPct() / n,
          f.netRxKBps(), f.netTxKBps(), f.loRxKBps(), f.loTxKBps(), f.diskReadKBps(), f.diskWriteKBps(), f.diskReadsPerSec(),
          f.diskWritesPerSec(), f.ioAwaitMs() / n, 0};
      for (int i = 0; i < v.length; i++) {
        t[i] += v[i];
      }
      t[14] = Math.max(t[14], f.durationSec());
    }
    return new HostFigures(t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7], t[8], t[9], t[10], t[11], t[12], t[13], t[14]);
  }
}
