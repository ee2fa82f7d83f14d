package io.hibenchdse.cfs;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.CreateFlag;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.ParentNotDirectoryException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.PathIsNotEmptyDirectoryException;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.util.Progressable;

/**
 * {@code cfs://host[:port]/path}: an HDFS-compatible file system stored in Apache Cassandra, on the
 * design of DataStax's CFS. The {@code inode} table stands in for the NameNode and {@code sblocks}
 * for the DataNodes (see {@link CfsStore} and the module README for the layout).
 */
public class CassandraFileSystem extends FileSystem {
  public static final String SCHEME = "cfs";

  static {
    // the scheme's classes, for FileSystem and FileContext; the cfs.* defaults are in CfsStore
    Configuration.addDefaultResource("cfs-default.xml");
  }

  /**
   * {@code conf} with cfs://'s defaults filled in where it leaves them unset: what a file system
   * made from it uses, and what {@link #getConf()} returns.
   */
  public static Configuration withDefaults(Configuration conf) {
    return CfsStore.withDefaults(conf);
  }

  private URI uri;
  private Path workingDir;
  private CfsStore store;
  /** This client's streams by path: a file being written is not stored until it is closed. */
  private final Map<String, CfsOutputStream> writing = new ConcurrentHashMap<>();
  private short replication;
  /** Reverse lookups, once per node: the scheduler matches block hosts against host names. */
  private final Map<java.net.InetAddress, String> hostNames = new ConcurrentHashMap<>();

  @Override
  public String getScheme() {
    return SCHEME;
  }

  @Override
  protected int getDefaultPort() {
    return CfsStore.DEFAULT_PORT;
  }

  @Override
  public void initialize(URI name, Configuration conf) throws IOException {
    super.initialize(name, conf);
    uri = URI.create(SCHEME + "://" + (name.getAuthority() == null ? "" : name.getAuthority()));
    store = new CfsStore(uri, conf);
    setConf(store.conf);
    replication = store.replication();
    workingDir = makeQualified(new Path("/user", currentUser()));
  }

  @Override
  public URI getUri() {
    return uri;
  }

  @Override
  public Path getWorkingDirectory() {
    return workingDir;
  }

  @Override
  public void setWorkingDirectory(Path dir) {
    workingDir = makeQualified(dir);
  }

  // The per-path variants, which callers use, delegate to these deprecated ones.
  @Override
  @Deprecated
  public long getDefaultBlockSize() {
    return CfsConfigKeys.BLOCK_SIZE.getLongBytes(getConf());
  }

  @Override
  @Deprecated
  public short getDefaultReplication() {
    return replication;
  }

  /** Every file has the keyspace's replication factor; a file cannot have its own. */
  @Override
  public boolean setReplication(Path src, short r) throws IOException {
    if (beingWritten(src) == null) {
      inode(src); // a file that neither exists nor is being written is an error, as on HDFS
    }
    return false;
  }

  private String key(Path p) {
    return makeQualified(p).toUri().getPath();
  }

  private Inode inode(Path p) throws IOException {
    Inode n = store.get(key(p));
    if (n == null) {
      throw new FileNotFoundException("cfs: no such file or directory: " + p);
    }
    return n;
  }

  @Override
  public FileStatus getFileStatus(Path p) throws IOException {
    statistics.incrementReadOps(1);
    return status(inode(p));
  }

  private FileStatus status(Inode n) {
    Path p = makeQualified(new Path(n.path));
    boolean dir = n.isDirectory();
    return new FileStatus(n.length, dir, dir ? 0 : replication, n.blockSize, n.mtime, n.atime,
        new FsPermission(n.permission), n.owner, n.group, p);
  }

  @Override
  public FileStatus[] listStatus(Path p) throws IOException {
    statistics.incrementReadOps(1);
    Inode n = inode(p);
    if (!n.isDirectory()) {
      return new FileStatus[] {status(n)};
    }
    List<Inode> children = store.list(n.path);
    FileStatus[] out = new FileStatus[children.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = status(children.get(i));
    }
    return out;
  }

  @Override
  public boolean mkdirs(Path p, FsPermission permission) throws IOException {
    statistics.incrementWriteOps(1);
    String path = key(p);
    FsPermission masked = permission.applyUMask(FsPermission.getUMask(getConf()));
    List<String> missing = new ArrayList<>();
    for (String at = path; !at.equals("/"); at = Inode.parentOf(at)) {
      Inode n = store.get(at);
      if (n != null) {
        if (!n.isDirectory()) {
          if (at.equals(path)) {
            throw new FileAlreadyExistsException("cfs: " + p + " is a file");
          }
          throw new ParentNotDirectoryException("cfs: " + at + " is a file, not a directory");
        }
        break;
      }
      missing.add(at);
    }
    long now = System.currentTimeMillis();
    for (int i = missing.size() - 1; i >= 0; i--) {
      store.put(Inode.directory(missing.get(i), currentUser(), currentGroup(), masked.toShort(), now));
    }
    return true;
  }

  @Override
  public FSDataOutputStream create(Path p, FsPermission permission, boolean overwrite, int bufferSize,
      short ignoredReplication, long blockSize, Progressable progress) throws IOException {
    return create(p, permission, overwrite, blockSize, true);
  }

  @Override
  public FSDataOutputStream createNonRecursive(Path p, FsPermission permission,
      EnumSet<CreateFlag> flags, int bufferSize, short ignoredReplication,
      long blockSize, Progressable progress) throws IOException {
    return create(p, permission, flags.contains(CreateFlag.OVERWRITE), blockSize, false);
  }

  private FSDataOutputStream create(Path p, FsPermission permission, boolean overwrite, long blockSize,
      boolean makeParents) throws IOException {
    statistics.incrementWriteOps(1);
    String path = key(p);
    Inode existing = store.get(path);
    if (existing != null) {
      if (existing.isDirectory()) {
        throw new FileAlreadyExistsException("cfs: " + p + " is a directory");
      }
      if (!overwrite) {
        throw new FileAlreadyExistsException("cfs: " + p + " already exists");
      }
    }
    Path parent = makeQualified(p).getParent();
    if (parent != null && makeParents) {
      mkdirs(parent, FsPermission.getDirDefault());
    } else if (parent != null) {
      Inode dir = store.get(key(parent));
      if (dir == null) {
        throw new FileNotFoundException("cfs: parent directory " + parent + " does not exist");
      }
      if (!dir.isDirectory()) {
        throw new ParentNotDirectoryException("cfs: " + parent + " is a file, not a directory");
      }
    }
    long block = blockSize > 0 ? blockSize : getDefaultBlockSize();
    int sub = (int) Math.min(block, CfsConfigKeys.SUB_BLOCK_SIZE.getLongBytes(getConf()));
    short perm = permission.applyUMask(FsPermission.getUMask(getConf())).toShort();
    Inode template = new Inode(path, Inode.FILE, 0, block, sub, null, currentUser(), currentGroup(), perm, 0, 0);
    CfsOutputStream stream = new CfsOutputStream(store, template, overwrite, CfsConfigKeys.WRITE_IN_FLIGHT.getInt(getConf()),
        CfsConfigKeys.STRICT_SYNCABLE.getBoolean(getConf()));
    writing.values().removeIf(CfsOutputStream::isClosed);
    writing.put(path, stream);
    return new FSDataOutputStream(stream, statistics);
  }

  @Override
  public FSDataOutputStream append(Path p, int bufferSize, Progressable progress) throws IOException {
    throw new UnsupportedOperationException("cfs: append is not supported (files are immutable once closed): " + p);
  }

  @Override
  public FSDataInputStream open(Path p, int bufferSize) throws IOException {
    statistics.incrementReadOps(1);
    Inode n = inode(p);
    if (n.isDirectory()) {
      throw new FileNotFoundException("cfs: " + p + " is a directory");
    }
    return new FSDataInputStream(new CfsInputStream(store, n, statistics, CfsConfigKeys.READ_AHEAD.getInt(getConf())));
  }

  @Override
  public boolean delete(Path p, boolean recursive) throws IOException {
    statistics.incrementWriteOps(1);
    Inode n = store.get(key(p));
    if (n == null) {
      return false;
    }
    if (!n.isDirectory()) {
      store.remove(n.path);
      store.removeBlocks(n.blockIds());
      return true;
    }
    String dir = n.path;
    List<Inode> children = store.list(dir);
    if (!children.isEmpty() && !recursive) {
      throw new PathIsNotEmptyDirectoryException("cfs: " + p + " is a non-empty directory");
    }
    if (dir.equals("/")) {
      // The root stays; only what it holds goes.
      for (Inode child : children) {
        delete(new Path(child.path), true);
      }
      return true;
    }
    // The directory's own row first: the whole tree disappears at once, then its contents go.
    store.remove(n.path);
    walk(dir, children, (d, entries) -> {
      store.removeChildren(d);
      List<UUID> blocks = new ArrayList<>();
      for (Inode e : entries) {
        blocks.addAll(e.blockIds());
      }
      store.removeBlocks(blocks);
    });
    return true;
  }

  /** What {@link #walk} does with each directory and its entries. */
  private interface DirectoryVisitor {
    void visit(String dir, List<Inode> entries) throws IOException;
  }

  /** Visits {@code dir} (whose entries are given) and every directory below it, deepest first. */
  private void walk(String dir, List<Inode> entries, DirectoryVisitor visitor) throws IOException {
    for (Inode e : entries) {
      if (e.isDirectory()) {
        walk(e.path, store.list(e.path), visitor);
      }
    }
    visitor.visit(dir, entries);
  }

  /**
   * HDFS's rename: into an existing directory, never over an existing file, false when the source
   * is missing or the destination's parent is. Moves rows only; the blocks stay where they are.
   */
  @Override
  public boolean rename(Path src, Path dst) throws IOException {
    statistics.incrementWriteOps(1);
    String from = key(src);
    String to = key(dst);
    Inode n = store.get(from);
    if (n == null || from.equals("/")) {
      return false;
    }
    if (from.equals(to)) {
      return !n.isDirectory();
    }
    Inode target = store.get(to);
    if (target != null) {
      if (!target.isDirectory()) {
        return false;
      }
      to = Inode.child(to, Inode.nameOf(from));
      if (store.get(to) != null) {
        return false;
      }
    } else {
      Inode parent = store.get(Inode.parentOf(to));
      if (parent == null) {
        return false;
      }
      if (!parent.isDirectory()) {
        throw new ParentNotDirectoryException("cfs: " + Inode.parentOf(to) + " is a file, not a directory");
      }
    }
    if (to.startsWith(from + "/")) {
      throw new IOException("cfs: cannot move " + src + " into itself (" + dst + ")");
    }
    String dest = to;
    if (n.isDirectory()) {
      // The rows below are written again under the new name before the old ones go.
      walk(from, store.list(from), (d, entries) -> {
        for (Inode e : entries) {
          store.put(e.movedTo(dest + e.path.substring(from.length())));
        }
      });
    }
    store.put(n.movedTo(to));
    store.remove(from);
    if (n.isDirectory()) {
      walk(from, store.list(from), (d, entries) -> store.removeChildren(d));
    }
    return true;
  }

  @Override
  public BlockLocation[] getFileBlockLocations(FileStatus file, long start, long len) throws IOException {
    if (file == null) {
      return null;
    }
    if (start < 0 || len < 0) {
      throw new IllegalArgumentException("cfs: negative start or length");
    }
    Inode n = inode(file.getPath());
    List<BlockLocation> out = new ArrayList<>();
    long end = start + len;
    for (Block b : n.blocks) {
      if (b.offset + b.length <= start || (b.offset >= end && !(len == 0 && b.offset == start))) {
        continue;
      }
      List<InetSocketAddress> replicas = store.replicas(b.id);
      String[] names = new String[replicas.size()];
      String[] hosts = new String[replicas.size()];
      for (int i = 0; i < names.length; i++) {
        hosts[i] = hostNames.computeIfAbsent(replicas.get(i).getAddress(), java.net.InetAddress::getHostName);
        names[i] = hosts[i] + ":" + replicas.get(i).getPort();
      }
      out.add(new BlockLocation(names, hosts, b.offset, b.length));
    }
    return out.toArray(new BlockLocation[0]);
  }

  @Override
  public void setPermission(Path p, FsPermission permission) throws IOException {
    CfsOutputStream open = beingWritten(p);
    if (open != null) {
      Inode t = open.template();
      open.attributes(t.owner, t.group, permission.toShort());
      return;
    }
    Inode n = inode(p);
    store.put(n.withAttributes(n.owner, n.group, permission.toShort(), n.mtime, n.atime));
  }

  @Override
  public void setOwner(Path p, String user, String group) throws IOException {
    CfsOutputStream open = beingWritten(p);
    if (open != null) {
      Inode t = open.template();
      open.attributes(user == null ? t.owner : user, group == null ? t.group : group, t.permission);
      return;
    }
    Inode n = inode(p);
    store.put(n.withAttributes(user == null ? n.owner : user, group == null ? n.group : group,
        n.permission, n.mtime, n.atime));
  }

  /** The open stream of this client writing a file not yet stored (it is stored at close), or null. */
  private CfsOutputStream beingWritten(Path p) throws IOException {
    CfsOutputStream s = writing.get(key(p));
    return s != null && !s.isClosed() && store.get(key(p)) == null ? s : null;
  }

  @Override
  public void setTimes(Path p, long mtime, long atime) throws IOException {
    Inode n = inode(p);
    store.put(n.withAttributes(n.owner, n.group, n.permission, mtime < 0 ? n.mtime : mtime, atime < 0 ? n.atime : atime));
  }

  @Override
  public void close() throws IOException {
    try {
      super.close();
    } finally {
      if (store != null) {
        store.close();
      }
    }
  }

  static String currentUser() {
    try {
      return UserGroupInformation.getCurrentUser().getShortUserName();
    } catch (IOException e) {
      return System.getProperty("user.name");
    }
  }

  static String currentGroup() {
    try {
      String[] groups = UserGroupInformation.getCurrentUser().getGroupNames();
      return groups.length > 0 ? groups[0] : "supergroup";
    } catch (IOException e) {
      return "supergroup";
    }
  }

  /** The store this client works through, for the tests of what clients share. */
  CfsStore store() {
    return store;
  }
}
