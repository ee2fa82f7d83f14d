package io.hibenchdse.spark;

import io.hibenchdse.core.Figure;
import io.hibenchdse.core.Unit;
import java.util.List;

/**
 * What a Spark run reports beside its time (the jobs' own, first job's start to last job's end):
 * the engine, the JVM's and the context's share of the whole command, and Spark's task figures
 * summed over the run's tasks.
 *
 * @param sparkVersion Spark's version
 * @param master where the jobs ran ({@code local[2]}, {@code yarn})
 * @param contextSec seconds to start the Spark context
 * @param commandSec seconds from the JVM's start to the last job's end
 * @param jobs Spark jobs the run took
 * @param stages their stages
 * @param tasks their tasks
 * @param recordsRead records the tasks read from the input
 * @param bytesRead bytes the tasks read from the input
 * @param shuffleBytesWritten bytes the map side of the shuffles wrote
 * @param shuffleBytesRead bytes the reduce side of the shuffles read, local and remote
 * @param recordsWritten records the tasks wrote to the output
 * @param bytesWritten bytes the tasks wrote to the output
 * @param executorRunSec the tasks' own run time, summed
 * @param executorHosts the hosts of the run's executors, as Spark's status tracker knows them (the
 *     driver's in local mode, where it is the executor)
 * @param taskHosts the hosts the tasks ran on, as Spark's task reports name them (the executors'
 *     hosts on YARN; the driver's in local mode)
 */
public record SparkFigures(String sparkVersion, String master, @Figure(Unit.SECONDS) double contextSec,
    @Figure(Unit.SECONDS) double commandSec, @Figure(Unit.COUNT) int jobs, @Figure(Unit.COUNT) int stages,
    @Figure(Unit.COUNT) long tasks, @Figure(Unit.COUNT) long recordsRead, @Figure(Unit.BYTES) long bytesRead,
    @Figure(Unit.BYTES) long shuffleBytesWritten, @Figure(Unit.BYTES) long shuffleBytesRead,
    @Figure(Unit.COUNT) long recordsWritten, @Figure(Unit.BYTES) long bytesWritten, @Figure(Unit.SECONDS) double executorRunSec,
    List<String> executorHosts, List<String> taskHosts) {}
