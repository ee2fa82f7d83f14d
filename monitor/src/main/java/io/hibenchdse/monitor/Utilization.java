package io.hibenchdse.monitor;

import io.hibenchdse.core.Figure;
import io.hibenchdse.core.Unit;
import java.util.Map;

/**
 * What a run used, over its time: per host and for all hosts ({@code total}: CPU, memory and
 * await as their mean, rates as their sum), per server process, and the hosts that could not be
 * sampled with the reason. The typed result every record, table and page reads.
 */
public record Utilization(@Figure(Unit.SECONDS) double durationSec, Map<String, HostFigures> hosts, HostFigures total,
    Map<String, ProcessFigures> processes, Map<String, String> notSampled) {}
