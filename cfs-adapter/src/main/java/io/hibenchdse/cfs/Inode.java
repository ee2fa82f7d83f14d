package io.hibenchdse.cfs;

import java.util.Collections;
import java.util.List;

/** A row of the {@code inode} table: a file or a directory and its metadata. */
final class Inode {
  static final String FILE = "f";
  static final String DIRECTORY = "d";

  final String path;
  final String kind;
  final long length;
  final long blockSize;
  final int subBlockSize;
  final List<Block> blocks;
  final String owner;
  final String group;
  final short permission;
  final long mtime;
  final long atime;

  Inode(String path, String kind, long length, long blockSize, int subBlockSize, List<Block> blocks,
      String owner, String group, short permission, long mtime, long atime) {
    this.path = path;
    this.kind = kind;
    this.length = length;
    this.blockSize = blockSize;
    this.subBlockSize = subBlockSize;
    this.blocks = blocks == null ? Collections.<Block>emptyList() : blocks;
    this.owner = owner;
    this.group = group;
    this.permission = permission;
    this.mtime = mtime;
    this.atime = atime;
  }

  static Inode directory(String path, String owner, String group, short permission, long now) {
    return new Inode(path, DIRECTORY, 0, 0, 0, null, owner, group, permission, now, now);
  }

  List<java.util.UUID> blockIds() {
    List<java.util.UUID> ids = new java.util.ArrayList<>(blocks.size());
    for (Block b : blocks) {
      ids.add(b.id);
    }
    return ids;
  }

  boolean isDirectory() {
    return DIRECTORY.equals(kind);
  }

  /** The same entry under another path (a rename moves rows, never data). */
  Inode movedTo(String newPath) {
    return new Inode(newPath, kind, length, blockSize, subBlockSize, blocks, owner, group, permission, mtime, atime);
  }

  Inode withAttributes(String newOwner, String newGroup, short newPermission, long newMtime, long newAtime) {
    return new Inode(path, kind, length, blockSize, subBlockSize, blocks, newOwner, newGroup, newPermission, newMtime, newAtime);
  }

  /**
   * The root's row key: Cassandra refuses an empty partition key, and no real parent is a path
   * without a leading '/'.
   */
  static final String ROOT_KEY = ".";

  /** The partition key: the parent directory's path. */
  static String parentOf(String path) {
    if (path.equals("/")) {
      return ROOT_KEY;
    }
    int slash = path.lastIndexOf('/');
    return slash == 0 ? "/" : path.substring(0, slash);
  }

  /** The clustering key: the last path component. */
  static String nameOf(String path) {
    return path.equals("/") ? ROOT_KEY : path.substring(path.lastIndexOf('/') + 1);
  }

  static String child(String dir, String name) {
    return dir.equals("/") ? "/" + name : dir + "/" + name;
  }
}
