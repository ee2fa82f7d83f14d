package io.hibenchdse.core;

import java.io.IOException;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/** Test double: the local file system, refusing to create a second map's output file, as a full disk would. */
public class FullDiskFileSystem extends LocalFileSystem {
  @Override
  public FSDataOutputStream create(Path f, FsPermission permission, boolean overwrite, int bufferSize,
      short replication, long blockSize, Progressable progress) throws IOException {
    if (f.getName().equals("part-m-00001")) {
      throw new IOException("No space left on device: " + f);
    }
    return super.create(f, permission, overwrite, bufferSize, replication, blockSize, progress);
  }
}
