package io.hibenchdse.core;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.apache.log4j.Logger;
import org.junit.jupiter.api.Test;

/**
 * The local runner marks a failed job failed, then logs why: a client that saw the state first
 * still gets the reason, and one that asks for a job whose reason never comes is not held.
 */
class LocalRunnerLogTest {
  @Test
  void aReasonLoggedAfterTheStateIsStillTaken() throws Exception {
    LocalRunnerLog.install();
    IOException why = new IOException("file:/in/part-m-00000 (bytes 0-500000) record 748: java.io.EOFException");
    Thread runner = new Thread(() -> {
      try {
        Thread.sleep(300);
      } catch (InterruptedException e) {
        return;
      }
      Logger.getLogger("org.apache.hadoop.mapred.LocalJobRunner").warn("job_local1_0001", why);
    });
    runner.start();
    assertNull(LocalRunnerLog.take("job_local1_0001", 0), "not logged yet");
    assertSame(why, LocalRunnerLog.take("job_local1_0001", 2000));
    runner.join();
    long t0 = System.nanoTime();
    assertNull(LocalRunnerLog.take("job_local1_0002", 0));
    assertTrue(System.nanoTime() - t0 < 100_000_000L, "no wait where none is asked");
  }
}
