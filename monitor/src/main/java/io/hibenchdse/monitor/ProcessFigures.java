package io.hibenchdse.monitor;

/**
 * What a process used over a time, with every descendant it had (YARN containers, task JVMs): CPU
 * as a percentage of all cores' time, resident memory in MB (MiB), and KB a second it read from and
 * wrote to storage ({@code /proc/PID/io}'s {@code read_bytes} and {@code write_bytes}).
 */
public record ProcessFigures(String name, long pid, double cpuPct, double rssMB, double readKBps, double writeKBps,
    double durationSec) {}
