package io.hibenchdse.ycsb;

import site.ycsb.DBException;

/**
 * What a binding's DB instances in one YCSB JVM share (a driver session, an HBase connection): made
 * by the first thread's {@code init}, closed by the last thread's {@code cleanup}.
 */
final class PerJvm<T extends PerJvm.Closeable> {
  /** A shared client that closes without a checked exception: the JVM ends with the phase anyway. */
  interface Closeable {
    void close();
  }

  /** Makes the shared client; its failure is the binding's {@link DBException}. */
  interface Maker<T> {
    T make() throws DBException;
  }

  private T value;
  private int users;

  synchronized T acquire(Maker<T> maker) throws DBException {
    if (value == null) {
      value = maker.make();
    }
    users++;
    return value;
  }

  /** Gives back one use of {@code shared} (null: none was taken); the last closes it. */
  synchronized void release(T shared) {
    if (shared != null && shared == value && --users == 0) {
      value.close();
      value = null;
    }
  }
}
