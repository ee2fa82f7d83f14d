package io.hibenchdse.cfs;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import com.datastax.oss.driver.api.core.uuid.Uuids;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.Syncable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes a file as it fills sub-blocks: each full sub-block is sent asynchronously, with a bounded
 * number in flight (the buffer pool is the bound), and each new block is first recorded in
 * {@code pending}. Only {@link #close} writes the inode row, so the file is invisible until then and
 * a crashed writer leaves blocks that {@code cfs check} finds through {@code pending}. Nothing is
 * readable before close, so hflush and hsync cannot do what they promise: the stream declares
 * neither capability ({@code hasCapability} is false, which careful callers such as HBase check),
 * and the calls themselves return at once (or throw with {@code cfs.syncable.strict}), because
 * MapReduce's application master calls hflush on its job history file and would fail every job.
 */
final class CfsOutputStream extends OutputStream implements Syncable {
  private static final Logger LOG = LoggerFactory.getLogger(CfsOutputStream.class);
  private static final AtomicBoolean SYNCABLE_NOTED = new AtomicBoolean();

  private final CfsStore store;
  /** The inode as it will be written; its attributes may change while the file is written. */
  private volatile Inode template;
  private final boolean overwrite;
  private final boolean strictSyncable;
  private final long blockSize;
  private final int subBlockSize;
  private final BlockingQueue<byte[]> free;
  private final int buffers;
  private int allocated;
  private final AtomicReference<Throwable> failure = new AtomicReference<>();
  private final List<Block> blocks = new ArrayList<>();
  private final List<UUID> pending = new ArrayList<>();

  private byte[] buf;
  private int count;
  private int limit;
  private UUID block;
  private long blockStart;
  private long blockFill;
  private int sub;
  private long length;
  private boolean closed;

  /**
   * @param template the file's inode as it will be written at close (length and blocks are filled in)
   * @param overwrite whether a file that exists at close may be replaced (its blocks then go)
   * @param strictSyncable whether hflush and hsync throw rather than return
   */
  CfsOutputStream(CfsStore store, Inode template, boolean overwrite, int inFlight, boolean strictSyncable) {
    this.store = store;
    this.template = template;
    this.overwrite = overwrite;
    this.strictSyncable = strictSyncable;
    this.blockSize = template.blockSize;
    this.subBlockSize = template.subBlockSize;
    this.buffers = inFlight + 1;
    this.free = new ArrayBlockingQueue<>(buffers);
    this.limit = subBlockSize;
  }

  /**
   * Owner, group and permission set while the file is being written: they are written with it at
   * close (the file is invisible until then; Hadoop's {@code FileSystem.create(fs, file,
   * permission)}, which YARN's job submission uses, sets them right after the create).
   */
  void attributes(String owner, String group, short permission) {
    template = template.withAttributes(owner, group, permission, template.mtime, template.atime);
  }

  Inode template() {
    return template;
  }

  boolean isClosed() {
    return closed;
  }

  @Override
  public void write(int b) throws IOException {
    write(new byte[] {(byte) b}, 0, 1);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    checkOpen();
    if (buf == null && len > 0) {
      buf = take();
    }
    while (len > 0) {
      if (count == limit) {
        sendSubBlock();
      }
      if (block == null) {
        startBlock();
      }
      int n = Math.min(len, limit - count);
      System.arraycopy(b, off, buf, count, n);
      count += n;
      off += n;
      len -= n;
    }
  }

  private void startBlock() throws IOException {
    block = Uuids.timeBased();
    blockStart = length;
    blockFill = 0;
    sub = 0;
    store.addPending(block, template.path);
    pending.add(block);
    limit = (int) Math.min(subBlockSize, blockSize);
  }

  /** Sends the full (or, at close, last) sub-block and takes a free buffer, waiting if none is. */
  private void sendSubBlock() throws IOException {
    rethrow();
    final byte[] sent = buf;
    store.writeSub(block, sub, ByteBuffer.wrap(sent, 0, count)).whenComplete((rs, error) -> {
      if (error != null) {
        failure.compareAndSet(null, error);
      }
      free.add(sent);
    });
    sub++;
    blockFill += count;
    length += count;
    count = 0;
    if (blockFill == blockSize) {
      blocks.add(new Block(block, blockStart, blockFill));
      block = null;
    } else {
      limit = (int) Math.min(subBlockSize, blockSize - blockFill);
    }
    buf = take();
  }

  /** A free buffer: a new one until the pool is full (small files never allocate it all), then a returned one. */
  private byte[] take() throws IOException {
    if (allocated < buffers && free.isEmpty()) {
      allocated++;
      return new byte[subBlockSize];
    }
    try {
      return free.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while writing " + template.path);
    }
  }

  private void rethrow() throws IOException {
    Throwable t = failure.get();
    if (t != null) {
      throw new IOException("cfs: writing " + template.path + " failed: " + t.getMessage(), t);
    }
  }

  private void checkOpen() throws IOException {
    if (closed) {
      throw new IOException("cfs: stream for " + template.path + " is closed");
    }
  }

  @Override
  public void hflush() {
    syncable("hflush");
  }

  @Override
  public void hsync() {
    syncable("hsync");
  }

  /** Hadoop 2.x's Syncable still declares the deprecated sync(), as hflush; 3.x dropped it. */
  public void sync() {
    hflush();
  }

  private void syncable(String call) {
    String what = "cfs: " + call + " is not supported: " + template.path + " becomes readable when closed";
    if (strictSyncable) {
      throw new UnsupportedOperationException(what);
    }
    if (SYNCABLE_NOTED.compareAndSet(false, true)) {
      LOG.info("{} ({} is false: returning without effect, here and for any later call)", what,
          CfsConfigKeys.STRICT_SYNCABLE);
    }
  }

  /**
   * Waits for every sub-block, then publishes the inode: the moment the file becomes visible. What
   * it replaces is read again here, not at create, so a file renamed over or away meanwhile keeps
   * its blocks.
   */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    if (count > 0) {
      sendSubBlock();
    }
    if (block != null) {
      blocks.add(new Block(block, blockStart, blockFill));
      block = null;
    }
    // All buffers back in the pool means every write has been answered.
    if (buf != null) {
      free.add(buf);
      buf = null;
    }
    List<byte[]> drained = new ArrayList<>();
    while (drained.size() < allocated) {
      drained.add(take());
    }
    rethrow();
    Inode replaced = store.get(template.path);
    if (replaced != null && (replaced.isDirectory() || !overwrite)) {
      throw new FileAlreadyExistsException("cfs: " + template.path + " was created by another writer meanwhile"
          + " (its blocks stay pending for cfs check)");
    }
    long now = System.currentTimeMillis();
    store.put(new Inode(template.path, Inode.FILE, length, blockSize, subBlockSize, blocks,
        template.owner, template.group, template.permission, now, now));
    // Published: from here a failure leaves only garbage for cfs check, never a broken file.
    try {
      store.removePending(pending);
      if (replaced != null) {
        store.removeBlocks(replaced.blockIds());
      }
    } catch (IOException e) {
      LOG.warn("cfs: {} is written; cleaning up after it failed ({}); cfs check will find what is left",
          template.path, e.getMessage());
    }
  }
}
