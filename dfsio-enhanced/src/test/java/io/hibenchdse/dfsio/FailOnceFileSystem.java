package io.hibenchdse.dfsio;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Paths;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * A test double: the local file system (as {@code fs.file.impl}) that fails one write of the file
 * named {@code failonce.file} after {@code failonce.after.bytes}, once: the first attempt to get
 * there creates the marker file {@code failonce.marker} (atomic, across task JVMs) and throws.
 */
public class FailOnceFileSystem extends LocalFileSystem {
  public static final String FILE = "failonce.file";
  public static final String AFTER_BYTES = "failonce.after.bytes";
  public static final String MARKER = "failonce.marker";

  public FailOnceFileSystem() {
    super(new Raw());
  }

  static final class Raw extends RawLocalFileSystem {
    @Override
    public FSDataOutputStream create(Path f, boolean overwrite, int bufferSize, short replication,
        long blockSize, Progressable progress) throws IOException {
      return failing(f, super.create(f, overwrite, bufferSize, replication, blockSize, progress));
    }

    @Override
    public FSDataOutputStream create(Path f, FsPermission permission, boolean overwrite, int bufferSize,
        short replication, long blockSize, Progressable progress) throws IOException {
      return failing(f, super.create(f, permission, overwrite, bufferSize, replication, blockSize, progress));
    }

    private FSDataOutputStream failing(Path f, FSDataOutputStream out) throws IOException {
      if (!f.getName().equals(getConf().get(FILE))) {
        return out;
      }
      long after = getConf().getLong(AFTER_BYTES, 0);
      String marker = getConf().get(MARKER);
      return new FSDataOutputStream(new FilterOutputStream(out) {
        private long written;

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
          if (written + len > after) {
            try {
              Files.createFile(Paths.get(marker));
              throw new IOException("injected failure after " + written + " bytes of " + f.getName());
            } catch (FileAlreadyExistsException retried) {
              // an earlier attempt failed already: this one goes through
            }
          }
          out.write(b, off, len);
          written += len;
        }
      }, statistics);
    }
  }
}
