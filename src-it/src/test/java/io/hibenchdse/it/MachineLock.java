package io.hibenchdse.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.Callable;

/**
 * A readers-writer lock between JVMs on one file: cases hold byte 0 shared, a section {@link #alone}
 * holds it whole, once every shared hold of the other JVMs has ended. Byte 1 is a gate: a section
 * waiting to be alone holds it, and a JVM taking its first shared hold passes it, so the other
 * JVMs' next cases wait behind the section rather than overtaking it.
 */
final class MachineLock {
  private static final long MACHINE = 0;
  private static final long GATE = 1;
  private final Path file;
  private FileChannel channel;
  private FileLock held;
  /** This JVM's cases holding the shared lock now (a class's concurrent cases share one hold). */
  private int sharers;
  /** Whether a section of this JVM is alone or waiting to be: this JVM's other cases wait for it. */
  private boolean aloneHere;

  MachineLock(Path file) {
    this.file = file;
  }

  /** How many cases of this JVM hold the lock shared now. */
  synchronized int sharers() {
    return sharers;
  }

  /** Runs {@code work} as a case does: beside the other JVMs' cases, never beside a section alone. */
  <T> T shared(Callable<T> work) throws Exception {
    share();
    try {
      return work.call();
    } finally {
      unshare();
    }
  }

  /**
   * Runs {@code section} of the calling case with no case of another JVM running: the caller's
   * shared hold is set aside while the section holds the lock exclusively. Not from a class whose
   * cases run concurrently.
   */
  <T> T alone(Callable<T> section) throws Exception {
    FileLock exclusive = setShareAside();
    try {
      return section.call();
    } finally {
      takeShareBack(exclusive);
    }
  }

  private FileLock setShareAside() throws IOException {
    FileLock gate;
    synchronized (this) {
      if (sharers != 1 || aloneHere) {
        throw new IllegalStateException(sharers + " cases of this JVM hold the machine: a section alone needs its case to be the only one");
      }
      aloneHere = true;
      try {
        held.release();
        held = null;
        sharers = 0;
        gate = lock(GATE, false);
      } catch (IOException | RuntimeException e) {
        takeShareBack(null);
        throw e;
      }
    }
    // outside the monitor: the wait lasts until the other JVMs' running cases end
    try {
      return lock(MACHINE, false);
    } catch (IOException | RuntimeException e) {
      takeShareBack(null);
      throw e;
    } finally {
      gate.release();
    }
  }

  private synchronized void takeShareBack(FileLock exclusive) throws IOException {
    try {
      if (exclusive != null) {
        exclusive.release();
      }
      held = lock(MACHINE, true);
      sharers = 1;
    } finally {
      aloneHere = false;
      notifyAll();
    }
  }

  synchronized void share() {
    try {
      while (aloneHere) {
        wait();
      }
      if (sharers == 0) {
        FileLock gate = lock(GATE, true);
        try {
          held = lock(MACHINE, true);
        } finally {
          gate.release();
        }
      }
      sharers++;
    } catch (IOException e) {
      throw new UncheckedIOException(file.toAbsolutePath().toString(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted waiting for a section alone to end", e);
    }
  }

  synchronized void unshare() {
    if (sharers <= 0) {
      throw new IllegalStateException(sharers + " cases of this JVM hold the machine: one more let go of it than took it");
    }
    if (--sharers == 0) {
      try {
        held.release();
      } catch (IOException e) {
        throw new UncheckedIOException(file.toAbsolutePath().toString(), e);
      } finally {
        held = null;
      }
    }
  }

  /**
   * One byte of the file locked, shared or not. A thread's interrupt would close the channel and
   * with it every hold of this JVM: the flag is set aside while the lock is taken.
   */
  private FileLock lock(long position, boolean shared) throws IOException {
    boolean interrupted = Thread.interrupted();
    try {
      if (channel == null || !channel.isOpen()) {
        Files.createDirectories(file.getParent());
        channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.READ);
      }
      return channel.lock(position, 1, shared);
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
