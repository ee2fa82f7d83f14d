package io.hibenchdse.monitor;

import io.hibenchdse.core.Figure;
import io.hibenchdse.core.Unit;

/**
 * What a host used over a time, as sysstat's {@code sar} and {@code iostat} define it: CPU as a
 * percentage of all cores' time ({@code %system} with interrupts, as {@code sar -u} shows it),
 * context switches a second, memory used (total less free, buffers, page cache and slab) as a
 * percentage, KB (1024 bytes) a second received and sent (loopback apart, since on one machine
 * everything crosses it), KB a second read and written on the whole physical disks, their
 * requests a second, and the requests' mean time ({@code await}: their total time over their count).
 * A figure the host could not read (a cgroup v2 host's memory or disk without their controllers) is
 * NaN, and so is the total's of it.
 */
public record HostFigures(@Figure(Unit.PERCENT) double cpuUserPct, @Figure(Unit.PERCENT) double cpuSystemPct,
    @Figure(Unit.PERCENT) double cpuIowaitPct, @Figure(Unit.PER_SECOND) double contextSwitchesPerSec,
    @Figure(Unit.PERCENT) double memoryUsedPct, @Figure(Unit.KIBIBYTES_PER_SECOND) double netRxKBps,
    @Figure(Unit.KIBIBYTES_PER_SECOND) double netTxKBps, @Figure(Unit.KIBIBYTES_PER_SECOND) double loRxKBps,
    @Figure(Unit.KIBIBYTES_PER_SECOND) double loTxKBps, @Figure(Unit.KIBIBYTES_PER_SECOND) double diskReadKBps,
    @Figure(Unit.KIBIBYTES_PER_SECOND) double diskWriteKBps, @Figure(Unit.PER_SECOND) double diskReadsPerSec,
    @Figure(Unit.PER_SECOND) double diskWritesPerSec, @Figure(Unit.MILLISECONDS) double ioAwaitMs,
    @Figure(Unit.SECONDS) double durationSec) {}
