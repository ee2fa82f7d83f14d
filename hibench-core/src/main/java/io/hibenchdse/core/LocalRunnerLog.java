package io.hibenchdse.core;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.Logger;
import org.apache.log4j.spi.LoggingEvent;

/**
 * The local job runner's only report of why a job failed: the warning it logs with the job id as
 * message and the task's exception. Kept apart from {@link TaskFailures} so a Hadoop without
 * log4j 1.2's API only loses this, not the rest.
 */
final class LocalRunnerLog extends AppenderSkeleton {
  private static final Map<String, Throwable> FAILURES = new ConcurrentHashMap<>();
  private static boolean installed;

  static synchronized void install() {
    if (!installed) {
      Logger.getLogger("org.apache.hadoop.mapred.LocalJobRunner").addAppender(new LocalRunnerLog());
      installed = true;
    }
  }

  /**
   * The failure logged for {@code jobId}, once. The runner marks a job failed a moment before it
   * logs why, and the client may see the state in between: up to {@code waitMs} is given to the log.
   */
  static Throwable take(String jobId, long waitMs) throws InterruptedException {
    long deadline = System.nanoTime() + waitMs * 1_000_000L;
    Throwable failure = FAILURES.remove(jobId);
    while (failure == null && System.nanoTime() < deadline) {
      Thread.sleep(10);
      failure = FAILURES.remove(jobId);
    }
    return failure;
  }

  @Override
  protected void append(LoggingEvent event) {
    if (event.getThrowableInformation() != null) {
      FAILURES.put(String.valueOf(event.getMessage()), event.getThrowableInformation().getThrowable());
    }
  }

  @Override
  public void close() {}

  @Override
  public boolean requiresLayout() {
    return false;
  }
}
