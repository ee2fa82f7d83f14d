package io.hibenchdse.it.bench;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.uuid.Uuids;
import io.hibenchdse.cfs.CfsConfigKeys;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.conf.Configuration;

/**
 * The bytes a DFSIOE run moves, moved through plain CQL with the adapter's driver: what a Cassandra
 * node gives a client that does nothing but move them, the limit of cfs:// on it. Into cfs://'s own
 * {@code sblocks} table (so the table's options are the file system's), a partition per block and
 * a row per sub-block of the file system's sizes, with a cfs:// stream's writes and reads in flight
 * and its consistency levels, a thread per file and as many at once as the job runner runs maps.
 * No inodes, no pending rows: what cfs:// adds is what it costs against this.
 */
final class PlainCqlTransfer implements AutoCloseable {
  /** One round's figures, as DFSIOE gives them: the whole's rate and TestDFSIO's per-map rate. */
  static final class Result {
    final double seconds;
    final double aggregatedMbSec;
    final double perMapMbSec;

    Result(long bytes, double seconds, double threadSeconds) {
      this.seconds = seconds;
      this.aggregatedMbSec = bytes / (double) (1 << 20) / seconds;
      this.perMapMbSec = bytes / (double) (1 << 20) / threadSeconds;
    }
  }

  private final CqlSession session;
  private final PreparedStatement insert;
  private final PreparedStatement select;
  private final PreparedStatement delete;
  private final ConsistencyLevel writeLevel;
  private final ConsistencyLevel readLevel;
  private final int writesInFlight;
  private final int readsInFlight;
  private final long blockSize;
  private final int subBlockSize;
  private final ByteBuffer data;
  private final int concurrency;
  private final List<List<UUID>> blocksPerFile = new ArrayList<>();
  private long bytesPerFile;

  /** {@code concurrency}: files moved at once, as a job runs that many maps at once. */
  PlainCqlTransfer(URI cfs, Configuration conf, int concurrency) {
    this.concurrency = concurrency;
    session = CqlSession.builder()
        .addContactPoint(InetSocketAddress.createUnresolved(cfs.getHost(), cfs.getPort()))
        .withLocalDatacenter(conf.get(CfsConfigKeys.DATACENTER.key()))
        .withConfigLoader(DriverConfigLoader.programmaticBuilder()
            .withString(DefaultDriverOption.PROTOCOL_VERSION, value(conf, CfsConfigKeys.PROTOCOL))
            .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofMinutes(2))
            .build())
        .build();
    try {
      String keyspace = value(conf, CfsConfigKeys.KEYSPACE);
      insert = session.prepare("INSERT INTO " + keyspace + ".sblocks (block_id, sub, data) VALUES (?, ?, ?)");
      select = session.prepare("SELECT data FROM " + keyspace + ".sblocks WHERE block_id = ? AND sub = ?");
      delete = session.prepare("DELETE FROM " + keyspace + ".sblocks WHERE block_id = ?");
      writeLevel = DefaultConsistencyLevel.valueOf(value(conf, CfsConfigKeys.WRITE_CL).toUpperCase(Locale.ROOT));
      readLevel = DefaultConsistencyLevel.valueOf(value(conf, CfsConfigKeys.READ_CL).toUpperCase(Locale.ROOT));
      writesInFlight = Integer.parseInt(value(conf, CfsConfigKeys.WRITE_IN_FLIGHT));
      readsInFlight = Integer.parseInt(value(conf, CfsConfigKeys.READ_AHEAD)) + 1;
      blockSize = conf.getLongBytes(CfsConfigKeys.BLOCK_SIZE.key(), Long.parseLong(CfsConfigKeys.BLOCK_SIZE.defaultValue()));
      subBlockSize = (int) Math.min(blockSize,
          conf.getLongBytes(CfsConfigKeys.SUB_BLOCK_SIZE.key(), Long.parseLong(CfsConfigKeys.SUB_BLOCK_SIZE.defaultValue())));
    } catch (RuntimeException e) {
      session.close();
      throw e;
    }
    byte[] bytes = new byte[subBlockSize];
    new Random(42).nextBytes(bytes);
    data = ByteBuffer.wrap(bytes);
  }

  private static String value(Configuration conf, CfsConfigKeys key) {
    return conf.getTrimmed(key.key(), key.defaultValue());
  }

  /** Writes {@code files} files of {@code mb} MB each, in parallel, replacing the last round's. */
  Result write(int files, int mb) throws Exception {
    deleteAll();
    bytesPerFile = (long) mb << 20;
    for (int f = 0; f < files; f++) {
      blocksPerFile.add(new ArrayList<>());
    }
    return inParallel(file -> {
      List<UUID> blocks = blocksPerFile.get(file);
      Semaphore slots = new Semaphore(writesInFlight);
      AtomicReference<Throwable> failed = new AtomicReference<>();
      for (long off = 0; off < bytesPerFile; off += blockSize) {
        UUID block = Uuids.timeBased();
        blocks.add(block);
        long end = Math.min(bytesPerFile, off + blockSize);
        for (int sub = 0; off + (long) sub * subBlockSize < end; sub++) {
          int length = (int) Math.min(subBlockSize, end - off - (long) sub * subBlockSize);
          ByteBuffer row = data.duplicate();
          row.limit(length);
          slots.acquire();
          session.executeAsync(insert.bind(block, sub, row).setConsistencyLevel(writeLevel)).whenComplete((r, e) -> {
            if (e != null) {
              failed.compareAndSet(null, e);
            }
            slots.release();
          });
        }
      }
      slots.acquire(writesInFlight);
      if (failed.get() != null) {
        throw new IllegalStateException("a write failed: " + failed.get(), failed.get());
      }
      return bytesPerFile;
    });
  }

  /** Reads back what the last write wrote, checking that every byte came back. */
  Result read() throws Exception {
    return inParallel(file -> {
      Semaphore slots = new Semaphore(readsInFlight);
      AtomicReference<Throwable> failed = new AtomicReference<>();
      AtomicLong read = new AtomicLong();
      long off = 0;
      for (UUID block : blocksPerFile.get(file)) {
        long end = Math.min(bytesPerFile, off + blockSize);
        for (int sub = 0; off + (long) sub * subBlockSize < end; sub++) {
          slots.acquire();
          session.executeAsync(select.bind(block, sub).setConsistencyLevel(readLevel)).whenComplete((rs, e) -> {
            Row row = e == null ? rs.one() : null;
            if (e != null || row == null) {
              failed.compareAndSet(null, e != null ? e : new IllegalStateException("a sub-block is missing"));
            } else {
              read.addAndGet(row.getByteBuffer(0).remaining());
            }
            slots.release();
          });
        }
        off = end;
      }
      slots.acquire(readsInFlight);
      if (failed.get() != null || read.get() != bytesPerFile) {
        throw new IllegalStateException("read " + read.get() + " of " + bytesPerFile + " bytes" + (failed.get() != null ? ": " + failed.get() : ""));
      }
      return read.get();
    });
  }

  private interface FileTransfer {
    long run(int file) throws Exception;
  }

  private Result inParallel(FileTransfer transfer) throws Exception {
    int files = blocksPerFile.size();
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(files, concurrency));
    try {
      long start = System.nanoTime();
      List<Future<double[]>> done = new ArrayList<>();
      for (int f = 0; f < files; f++) {
        int file = f;
        done.add(pool.submit(() -> {
          long t0 = System.nanoTime();
          long bytes = transfer.run(file);
          return new double[] {bytes, (System.nanoTime() - t0) / 1e9};
        }));
      }
      long bytes = 0;
      double threadSeconds = 0;
      for (Future<double[]> d : done) {
        bytes += (long) d.get()[0];
        threadSeconds += d.get()[1];
      }
      return new Result(bytes, (System.nanoTime() - start) / 1e9, threadSeconds);
    } finally {
      // a failed file's siblings are stopped and waited for: nothing writes after this returns
      pool.shutdownNow();
      pool.awaitTermination(1, java.util.concurrent.TimeUnit.MINUTES);
    }
  }

  private void deleteAll() {
    for (List<UUID> blocks : blocksPerFile) {
      for (UUID block : blocks) {
        session.execute(delete.bind(block).setConsistencyLevel(writeLevel));
      }
    }
    blocksPerFile.clear();
  }

  @Override
  public void close() {
    try {
      deleteAll();
    } finally {
      session.close();
    }
  }
}
