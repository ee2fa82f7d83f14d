package io.hibenchdse.monitor;

/**
 * What a host used over a time, as sysstat's {@code sar} and {@code iostat} define it: CPU as a
 * percentage of all cores' time ({@code %system} with interrupts, as {@code sar -u} shows it),
 * context switches a second, memory used (total less free, buffers, page cache and slab) as a
 * percentage, KB (1024 bytes) a second received and sent (loopback apart, since on one machine
 * everything crosses it), KB a second read and written on the whole physical disks, their
 * requests a second, and the requests' mean time ({@code await}: their total time over their count).
 */
public record HostFigures(double cpuUserPct, double cpuSystemPct, double cpuIowaitPct, double contextSwitchesPerSec,
    double memoryUsedPct, double netRxKBps, double netTxKBps, double loRxKBps, double loTxKBps, double diskReadKBps,
    double diskWriteKBps, double diskReadsPerSec, double diskWritesPerSec, double ioAwaitMs, double durationSec) {}
