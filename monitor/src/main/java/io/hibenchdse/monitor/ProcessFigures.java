package io.hibenchdse.monitor;

import io.hibenchdse.core.Figure;
import io.hibenchdse.core.Unit;

/**
 * What a process used over a time, with every descendant it had (YARN containers, task JVMs): CPU
 * as a percentage of all cores' time, resident memory in MB (MiB), and KB a second it read from and
 * wrote to storage ({@code /proc/PID/io}'s {@code read_bytes} and {@code write_bytes}).
 */
public record ProcessFigures(String name, @Figure(Unit.COUNT) long pid, @Figure(Unit.PERCENT) double cpuPct,
    @Figure(Unit.MEBIBYTES) double rssMB, @Figure(Unit.KIBIBYTES_PER_SECOND) double readKBps,
    @Figure(Unit.KIBIBYTES_PER_SECOND) double writeKBps, @Figure(Unit.SECONDS) double durationSec) {}
