package io.hibenchdse.dfsio;

import java.io.FilterOutputStream;
import java.io.IOException;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FSInputStream;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * A test double: the local file system (installed as {@code fs.file.impl}, with the cache off)
 * whose streams all draw from one token bucket of a known rate, like a disk or link every map
 * shares. DFSIOE run on it must measure that rate as the aggregated throughput.
 */
public class ThrottledFileSystem extends LocalFileSystem {
  public ThrottledFileSystem() {
    super(new Raw());
  }

  private static double bytesPerNano = (1 << 20) / 1e9;
  private static long nextFree;

  /**
   * Sets the shared rate, bytes per second, and empties the bucket. (Guava's RateLimiter would
   * store up to a second of unused permits while the job starts, and let that burst through.)
   */
  public static synchronized void reset(double bytesPerSecond) {
    bytesPerNano = bytesPerSecond / 1e9;
    nextFree = System.nanoTime();
  }

  /** At most this much unused time is credited, so sleeps that overshoot do not slow the rate. */
  private static final long CREDIT_NANOS = 10_000_000;

  /** Waits until the bucket has passed {@code bytes}: requests queue behind each other. */
  private static void take(int bytes) throws IOException {
    if (bytes <= 0) {
      return;
    }
    long done;
    synchronized (ThrottledFileSystem.class) {
      long start = Math.max(System.nanoTime() - CREDIT_NANOS, nextFree);
      done = start + (long) (bytes / bytesPerNano);
      nextFree = done;
    }
    try {
      for (long wait = done - System.nanoTime(); wait > 0; wait = done - System.nanoTime()) {
        java.util.concurrent.TimeUnit.NANOSECONDS.sleep(wait);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("throttled stream interrupted");
    }
  }

  /** The raw local file system with throttled streams (checksum files go through it too). */
  static final class Raw extends RawLocalFileSystem {
    private FSDataOutputStream throttled(FSDataOutputStream out) throws IOException {
      return new FSDataOutputStream(new FilterOutputStream(out) {
        @Override
        public void write(byte[] b, int off, int len) throws IOException {
          take(len);
          out.write(b, off, len);
        }

        @Override
        public void write(int b) throws IOException {
          take(1);
          out.write(b);
        }
      }, statistics);
    }

    @Override
    public FSDataOutputStream create(Path f, boolean overwrite, int bufferSize, short replication,
        long blockSize, Progressable progress) throws IOException {
      return throttled(super.create(f, overwrite, bufferSize, replication, blockSize, progress));
    }

    @Override
    public FSDataOutputStream create(Path f, FsPermission permission, boolean overwrite, int bufferSize,
        short replication, long blockSize, Progressable progress) throws IOException {
      return throttled(super.create(f, permission, overwrite, bufferSize, replication, blockSize, progress));
    }

    @Override
    public FSDataInputStream open(Path f, int bufferSize) throws IOException {
      FSDataInputStream in = super.open(f, bufferSize);
      return new FSDataInputStream(new FSInputStream() {
        @Override
        public int read() throws IOException {
          int b = in.read();
          take(b < 0 ? 0 : 1);
          return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
          int n = in.read(b, off, len);
          take(n);
          return n;
        }

        @Override
        public void seek(long pos) throws IOException {
          in.seek(pos);
        }

        @Override
        public long getPos() throws IOException {
          return in.getPos();
        }

        @Override
        public boolean seekToNewSource(long targetPos) throws IOException {
          return in.seekToNewSource(targetPos);
        }

        @Override
        public void close() throws IOException {
          in.close();
        }
      });
    }
  }
}
