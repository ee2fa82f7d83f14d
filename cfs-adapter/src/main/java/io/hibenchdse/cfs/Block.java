package io.hibenchdse.cfs;

import java.util.UUID;

/** One block of a file: a partition of {@code sblocks} holding the file's bytes [offset, offset + length). */
final class Block {
  final UUID id;
  final long offset;
  final long length;

  Block(UUID id, long offset, long length) {
    this.id = id;
    this.offset = offset;
    this.length = length;
  }

  /** How many sub-block rows hold this block. */
  int subBlocks(int subBlockSize) {
    return (int) ((length + subBlockSize - 1) / subBlockSize);
  }
}
