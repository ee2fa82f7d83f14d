package io.hibenchdse.cfs;

import java.io.EOFException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.apache.hadoop.fs.FSExceptionMessages;
import org.apache.hadoop.fs.FSInputStream;
import org.apache.hadoop.fs.FileSystem;

/**
 * Reads a closed file sub-block by sub-block, fetching the next few ahead asynchronously so that a
 * sequential reader rarely waits on a round trip; a seek elsewhere drops what it no longer needs.
 */
final class CfsInputStream extends FSInputStream {
  /** One sub-block row: where its bytes sit in the file and in {@code sblocks}. */
  private static final class Piece {
    final Block block;
    final int sub;
    final long offset;
    final int length;

    Piece(Block block, int sub, long offset, int length) {
      this.block = block;
      this.sub = sub;
      this.offset = offset;
      this.length = length;
    }
  }

  private final CfsStore store;
  private final Inode inode;
  private final FileSystem.Statistics statistics;
  private final int readAhead;
  private final List<Piece> pieces = new ArrayList<>();
  private final Map<Integer, CompletableFuture<ByteBuffer>> fetches = new HashMap<>();

  private long pos;
  private int current = -1;
  private ByteBuffer data;
  private boolean closed;

  CfsInputStream(CfsStore store, Inode inode, FileSystem.Statistics statistics, int readAhead) {
    this.store = store;
    this.inode = inode;
    this.statistics = statistics;
    this.readAhead = readAhead;
    for (Block b : inode.blocks) {
      for (int s = 0, n = b.subBlocks(inode.subBlockSize); s < n; s++) {
        long start = (long) s * inode.subBlockSize;
        pieces.add(new Piece(b, s, b.offset + start, (int) Math.min(inode.subBlockSize, b.length - start)));
      }
    }
  }

  @Override
  public synchronized void seek(long target) throws IOException {
    checkOpen();
    if (target < 0) {
      throw new EOFException(FSExceptionMessages.NEGATIVE_SEEK + ": " + target);
    }
    if (target > inode.length) {
      throw new EOFException(FSExceptionMessages.CANNOT_SEEK_PAST_EOF + ": " + target + " > " + inode.length);
    }
    pos = target;
  }

  @Override
  public synchronized long getPos() {
    return pos;
  }

  @Override
  public boolean seekToNewSource(long targetPos) {
    return false;
  }

  @Override
  public synchronized int available() throws IOException {
    checkOpen();
    return (int) Math.min(Integer.MAX_VALUE, inode.length - pos);
  }

  @Override
  public synchronized int read() throws IOException {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public synchronized int read(byte[] b, int off, int len) throws IOException {
    checkOpen();
    if (off < 0 || len < 0 || len > b.length - off) {
      throw new IndexOutOfBoundsException("offset " + off + ", length " + len + ", buffer " + b.length);
    }
    if (len == 0) {
      return 0;
    }
    if (pos >= inode.length) {
      return -1;
    }
    load(pieceAt(pos));
    Piece p = pieces.get(current);
    int at = (int) (pos - p.offset);
    int n = Math.min(len, p.length - at);
    ByteBuffer view = data.duplicate();
    view.position(view.position() + at);
    view.get(b, off, n);
    pos += n;
    if (statistics != null) {
      statistics.incrementBytesRead(n);
    }
    return n;
  }

  private int pieceAt(long offset) {
    int lo = 0;
    int hi = pieces.size() - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (pieces.get(mid).offset <= offset) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  /** Makes piece {@code i} current and keeps the next {@code readAhead} on their way. */
  private void load(int i) throws IOException {
    if (i == current) {
      return;
    }
    for (Iterator<Map.Entry<Integer, CompletableFuture<ByteBuffer>>> it = fetches.entrySet().iterator(); it.hasNext();) {
      Map.Entry<Integer, CompletableFuture<ByteBuffer>> e = it.next();
      if (e.getKey() < i || e.getKey() > i + readAhead) {
        e.getValue().cancel(false);
        it.remove();
      }
    }
    CompletableFuture<ByteBuffer> wanted = fetch(i);
    for (int next = i + 1; next <= i + readAhead && next < pieces.size(); next++) {
      fetch(next);
    }
    ByteBuffer bytes;
    try {
      bytes = wanted.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while reading " + inode.path);
    } catch (ExecutionException e) {
      throw new IOException("cfs: reading " + inode.path + " failed: " + e.getCause().getMessage(), e.getCause());
    } finally {
      // Taken or failed: a retry fetches it again.
      fetches.remove(i);
    }
    Piece p = pieces.get(i);
    if (bytes == null || bytes.remaining() != p.length) {
      throw new IOException("cfs: " + inode.path + " is damaged: sub-block " + p.sub + " of block " + p.block.id
          + (bytes == null ? " is missing" : " holds " + bytes.remaining() + " bytes, not " + p.length));
    }
    data = bytes;
    current = i;
  }

  private CompletableFuture<ByteBuffer> fetch(int i) {
    return fetches.computeIfAbsent(i, k -> store.readSub(pieces.get(k).block.id, pieces.get(k).sub).toCompletableFuture());
  }

  private void checkOpen() throws IOException {
    if (closed) {
      throw new IOException(FSExceptionMessages.STREAM_IS_CLOSED + ": " + inode.path);
    }
  }

  @Override
  public synchronized void close() {
    if (!closed) {
      closed = true;
      fetches.values().forEach(f -> f.cancel(false));
      fetches.clear();
      data = null;
    }
  }
}
